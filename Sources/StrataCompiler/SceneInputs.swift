import Foundation
import StrataModel

/// The files a loaded scene read (`Scene.inputFiles`): the scene file,
/// every `assets:` file (images, fonts, media), every `contents` file named
/// by path (images, SVG, Lottie, video), every `audio:` file, and every
/// used scene's file with the files it reads, at any depth. Preview and
/// watch mode reload when one of them changes; a chunked render's digest
/// covers their bytes.
public enum SceneInputs {
    public static func files(of scene: Scene) -> [String] {
        var seen = Set<String>()
        return scene.inputFiles.filter { seen.insert(($0 as NSString).standardizingPath).inserted }
    }
}
