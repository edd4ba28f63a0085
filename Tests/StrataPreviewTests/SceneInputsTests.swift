import Foundation
import StrataModel
import StrataParse
import XCTest
import StrataCompiler

/// What watch mode and the preview watch (and a chunked render's digest covers): media `contents` files too.
final class SceneInputsTests: XCTestCase {
    func testMediaFilesNamedByPathAreInputs() throws {
        let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path + "/scenes/media"
        let scene = try SceneLoader.parse(text: """
        strata: 1
        canvas: {size: [100, 100]}
        assets: {clip: assets/app-recording.mp4}
        layers:
          - {contents: assets/badge.svg}
          - {contents: {lottie: assets/pulse.json, loop: true}}
          - {contents: {video: clip, start: 1s}}
        """, file: media + "/inline.yaml").scene
        let files = SceneInputs.files(of: scene)
        for name in ["assets/badge.svg", "assets/pulse.json", "assets/app-recording.mp4"] {
            XCTAssertTrue(files.contains(media + "/" + name), "\(name) in \(files)")
        }
    }
}
