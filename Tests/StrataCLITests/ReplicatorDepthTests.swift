import Foundation
import StrataModel
import StrataParse
import StrataRender
import StrataTimeline
import XCTest

/// preservesDepth, from YAML to pixels: the two copies of a centred square
/// sit 40 points in front of and behind the replicator's plane (zPosition
/// ±40, instanceTransform a half turn about y). Copy 0 is white, copy 1
/// cyan (instanceRedOffset -1); copy 1 is drawn last in list order.
final class ReplicatorDepthTests: XCTestCase {
    func render(zPosition: Double, preservesDepth: Bool) throws -> Pixmap {
        let yaml = """
        strata: 1
        canvas: {size: [200, 200]}
        layers:
          - type: replicator
            frame: [0, 0, 200, 200]
            sublayerTransform: {perspective: 500}
            instanceCount: 2
            instanceTransform: {rotateY: 180deg}
            instanceRedOffset: -1
            preservesDepth: \(preservesDepth)
            sublayers:
              - {bounds: [0, 0, 80, 80], position: [100, 100], zPosition: \(zPosition), backgroundColor: white}
        """
        let scene = try SceneLoader.parse(text: yaml, file: "test.yaml").scene
        return try FrameRenderer().render(Sampler.renderTree(of: scene, at: 0))
    }

    let white: [UInt8] = [255, 255, 255, 255], cyan: [UInt8] = [0, 255, 255, 255]

    func testNearerCopyCoversWhateverTheListOrder() throws {
        // Copy 0 in front (z +40): it wins although copy 1 is drawn after it.
        XCTAssertEqual(try render(zPosition: 40, preservesDepth: true).rgba(100, 100), white)
        // Copy 1 in front (the half turn brings z -40 to +40).
        XCTAssertEqual(try render(zPosition: -40, preservesDepth: true).rgba(100, 100), cyan)
    }

    func testFlattenedCopiesDrawInListOrder() throws {
        XCTAssertEqual(try render(zPosition: 40, preservesDepth: false).rgba(100, 100), cyan)
        XCTAssertEqual(try render(zPosition: -40, preservesDepth: false).rgba(100, 100), cyan)
    }

    /// The nearer copy looks larger under perspective in both modes, and the
    /// depth context shows it whole: its edge pixels are its color.
    func testDepthRendersDifferentlyFromFlat() throws {
        let deep = try render(zPosition: 40, preservesDepth: true)
        let flat = try render(zPosition: 40, preservesDepth: false)
        XCTAssertNotEqual(deep.rgba(100, 100), flat.rgba(100, 100))
        // Copy 0 (z +40) spans 80 * 500/460 ≈ 87 points; copy 1 ≈ 74: at x 57 only copy 0.
        XCTAssertEqual(deep.rgba(57, 100), white)
        XCTAssertEqual(flat.rgba(57, 100), white)
    }
}

private extension Pixmap {
    func rgba(_ x: Int, _ y: Int) -> [UInt8] {
        let p = pixel(x, y)
        return [p.r, p.g, p.b, p.a]
    }
}
