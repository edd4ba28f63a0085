import Foundation
import StrataModel

/// The files a loaded scene read: the scene file, every `assets:` file
/// (images, fonts, media) and every `contents` file named by path (images,
/// SVG, Lottie, video). Preview and watch mode reload when one of them changes.
enum SceneInputs {
    static func files(of scene: Scene) -> [String] {
        var files = [scene.file]
        files += scene.assets.values.sorted()
        let directory = (scene.file as NSString).deletingLastPathComponent
        let named = scene.images.keys.sorted() + scene.media.values.map(\.file).sorted()
        for key in named where scene.assets[key] == nil {
            files.append(key.hasPrefix("/") || directory.isEmpty ? key : directory + "/" + key)
        }
        var seen = Set<String>()
        return files.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }
}
