import Foundation
import StrataCompiler
import StrataEncode
import StrataModel
import StrataRender
import XCTest
@testable import StrataPreview

/// A scene small enough to render in milliseconds: a box moving right over one second.
let boxScene = """
strata: 1
canvas:
  size: [64, 48]
  fps: 10
  duration: 1s
  background: "#101820"
  variants: {wide: [96, 48]}
layers:
  - name: box
    bounds: [0, 0, 20, 20]
    position: [32, 24]
    backgroundColor: "#f2aa4c"
    animations:
      - {keyPath: position.x, from: 12, to: 52, duration: 1s}

"""

extension XCTestCase {
    /// A temporary folder with `scene.yaml`, removed after the test.
    func sceneFolder(_ yaml: String = boxScene) throws -> (folder: String, scene: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-preview-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        let scene = folder + "/scene.yaml"
        try yaml.write(toFile: scene, atomically: true, encoding: .utf8)
        return (folder, scene)
    }

    /// A server on a free loopback port, stopped after the test.
    func startServer(_ scene: String, jobs: Int = 2) throws -> PreviewServer {
        let server = try PreviewServer(scenePath: scene, port: 0, jobs: jobs)
        addTeardownBlock { server.stop() }
        return server
    }

    /// The PNG that `strata render --time` writes for the scene file at `time`.
    func expectedPNG(_ scene: String, at time: Double, overrides: SceneOverrides = SceneOverrides()) throws -> [UInt8] {
        let compiled = try CompiledScene.load(file: scene, options: .init(), overrides: overrides, warn: { _ in })
        var pixmap = Pixmap(width: 0, height: 0)
        try compiled.render(at: time, with: FrameRenderer(), into: &pixmap)
        return try PNGCodec.encode(pixmap)
    }

    /// Polls `condition` for up to `seconds`.
    func eventually(_ seconds: Double = 10, _ what: String, _ condition: () throws -> Bool) rethrows {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            usleep(20_000)
        }
        XCTFail("timed out waiting for \(what)")
    }
}
