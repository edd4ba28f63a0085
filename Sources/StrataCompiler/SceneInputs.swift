import Foundation
import StrataModel

/// The files a loaded scene read: the scene file, every `assets:` file
/// (images, fonts, media), every `contents` file named by path (images,
/// SVG, Lottie, video) and every `audio:` file. Preview and watch mode
/// reload when one of them changes; a chunked render's digest covers their bytes.
public enum SceneInputs {
    public static func files(of scene: Scene) -> [String] {
        var files = [scene.file]
        files += scene.assets.values.sorted()
        let directory = parentFolder(of: scene.file)
        let named = scene.images.keys.sorted() + scene.media.values.map(\.file).sorted()
        for key in named where scene.assets[key] == nil {
            files.append(key.hasPrefix("/") || directory.isEmpty ? key : directory + "/" + key)
        }
        files += scene.audio.map(\.file)
        var seen = Set<String>()
        return files.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }
}
