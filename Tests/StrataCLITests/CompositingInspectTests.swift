import Foundation
import StrataEncode
import StrataModel
import XCTest

/// `strata inspect` prints the compositing properties (presentation values,
/// the model under `model`), the mask as a nested entry, and `contents`
/// swaps from the timeline: dissolving by default, a transition on request.
final class CompositingInspectTests: XCTestCase {
    /// Writes two 4x4 PNGs (red `a.png`, blue `b.png`) into `dir`.
    func writeImages(in dir: String) throws {
        for (name, bgr) in [("a", (0, 0, 255)), ("b", (255, 0, 0))] as [(String, (UInt8, UInt8, UInt8))] {
            var p = Pixmap(width: 4, height: 4)
            for i in 0..<16 { p.pixels[i * 4] = bgr.0; p.pixels[i * 4 + 1] = bgr.1; p.pixels[i * 4 + 2] = bgr.2; p.pixels[i * 4 + 3] = 255 }
            try PNGCodec.write(p, to: dir + "/\(name).png")
        }
    }

    func entries(_ json: String) throws -> [String: [String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
        var byPath: [String: [String: Any]] = [:]
        for l in object["layers"] as! [[String: Any]] { byPath[l["path"] as! String] = l }
        return byPath
    }

    func testCompositingPropertiesMaskAndAnimatedShadow() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try writeImages(in: dir)
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [200, 100], fps: 10, duration: 2s}
        assets: {logo: a.png}
        layers:
          - name: card
            bounds: [0, 0, 40, 40]
            cornerRadius: 8
            maskedCorners: [layerMinXMinYCorner, layerMaxXMaxYCorner]
            shadowOpacity: 0.5
            shadowPath: "M 0 0 L 40 0 L 40 40 Z"
            contents: logo
            contentsGravity: resizeAspect
            contentsRect: [0, 0, 0.5, 1]
            contentsScale: 2
            doubleSided: false
            shouldRasterize: true
            allowsGroupOpacity: false
            geometryFlipped: true
            mask:
              name: m
              bounds: [0, 0, 20, 20]
              backgroundColor: black
              sublayers: [{name: dot, bounds: [0, 0, 4, 4]}]
            animations:
              - {keyPath: shadowRadius, from: 0, to: 10, duration: 1s}
          - {name: plain, bounds: [0, 0, 10, 10]}
        """, in: dir)
        let r = try CLIHarness.run(["inspect", scene, "--time", "0.5s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let layers = try entries(r.stdout)
        let card = try XCTUnwrap(layers["card"])
        XCTAssertEqual(card["maskedCorners"] as? [String], ["layerMinXMinYCorner", "layerMaxXMaxYCorner"])
        XCTAssertEqual(card["shadowOpacity"] as? Double, 0.5)
        XCTAssertEqual(card["shadowColor"] as? String, "#000000ff")
        XCTAssertEqual(card["shadowOffset"] as? [Double], [0, -3])
        XCTAssertEqual(card["shadowRadius"] as? Double, 5, "presentation: half way")
        XCTAssertEqual((card["model"] as? [String: Any])?["shadowRadius"] as? Double, 3, "model: the written value")
        XCTAssertEqual(card["shadowPath"] as? String, "M 0 0 L 40 0 L 40 40 Z")
        XCTAssertEqual(card["contents"] as? String, "logo")
        XCTAssertEqual(card["contentsGravity"] as? String, "resizeAspect")
        XCTAssertEqual(card["contentsRect"] as? [Double], [0, 0, 0.5, 1])
        XCTAssertNil(card["contentsCenter"], "default values are left out")
        XCTAssertEqual(card["contentsScale"] as? Double, 2)
        XCTAssertEqual(card["doubleSided"] as? Bool, false)
        XCTAssertEqual(card["shouldRasterize"] as? Bool, true)
        XCTAssertEqual(card["rasterizationScale"] as? Double, 1)
        XCTAssertEqual(card["allowsGroupOpacity"] as? Bool, false)
        XCTAssertEqual(card["geometryFlipped"] as? Bool, true)
        let mask = try XCTUnwrap(card["mask"] as? [String: Any])
        XCTAssertEqual(mask["path"] as? String, "card/mask")
        XCTAssertEqual(mask["backgroundColor"] as? String, "#000000ff")
        XCTAssertEqual((mask["sublayers"] as? [[String: Any]])?.first?["path"] as? String, "card/mask/dot")
        // A layer with nothing set prints none of the compositing keys.
        let plain = try XCTUnwrap(layers["plain"])
        for key in ["shadowColor", "shadowOpacity", "shadowRadius", "contents", "mask", "maskedCorners", "doubleSided",
                    "shouldRasterize", "rasterizationScale", "allowsGroupOpacity", "geometryFlipped"] {
            XCTAssertNil(plain[key], key)
        }
    }

    let swaps = """
    strata: 1
    canvas: {size: [200, 100], fps: 10, duration: 3s}
    assets: {a: a.png, b: b.png}
    layers:
      - {name: dissolve, bounds: [0, 0, 40, 40], position: [30, 50], contents: a}
      - {name: pushed, bounds: [0, 0, 40, 40], position: [100, 50], contents: a}
      - name: acted
        bounds: [0, 0, 40, 40]
        position: [170, 50]
        contents: a
        actions: {contents: {type: moveIn, subtype: fromTop}}
      - {name: slow, bounds: [0, 0, 10, 10], contents: a, actions: {contents: {duration: 2s}}}
    timeline:
      - {at: 1s, duration: 1s, timingFunction: linear, set: {dissolve.contents: b, acted.contents: b, slow.contents: b}}
      - {at: 1s, duration: 1s, timingFunction: linear, transition: {type: push, subtype: fromRight}, set: {pushed.contents: b}}
      - {at: 2.5s, disableActions: true, set: {dissolve.contents: null}}
    """

    func testContentsSwapsDissolveByDefaultOrTransition() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try writeImages(in: dir)
        let scene = try CLIHarness.writeScene(swaps, in: dir)
        let r = try CLIHarness.run(["inspect", scene, "--time", "1.25s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let layers = try entries(r.stdout)
        // The default action: a basic animation of contents, a quarter through.
        let dissolve = try XCTUnwrap(layers["dissolve"])
        let value = try XCTUnwrap(dissolve["contents"] as? [String: Any])
        XCTAssertEqual(value["from"] as? String, "a")
        XCTAssertEqual(value["to"] as? String, "b")
        XCTAssertEqual(value["progress"] as? Double, 0.25)
        XCTAssertEqual((dissolve["model"] as? [String: Any])?["contents"] as? String, "b")
        let animation = try XCTUnwrap((dissolve["animations"] as? [[String: Any]])?.first)
        XCTAssertEqual(animation["keyPath"] as? String, "contents")
        XCTAssertEqual(animation["kind"] as? String, "basic")
        // The transaction's transition and the layer's action: the property
        // changes at once, a transition runs.
        for (name, type) in [("pushed", "push"), ("acted", "moveIn")] {
            let layer = try XCTUnwrap(layers[name])
            XCTAssertEqual(layer["contents"] as? String, "b", name)
            let transition = try XCTUnwrap((layer["animations"] as? [[String: Any]])?.first, name)
            XCTAssertEqual(transition["kind"] as? String, "transition", name)
            XCTAssertEqual(transition["type"] as? String, type, name)
            XCTAssertEqual(transition["progress"] as? Double, 0.25, name)
        }
        // The layer's action: an animation without values dissolves with its own duration.
        let slow = try XCTUnwrap(layers["slow"]?["contents"] as? [String: Any])
        XCTAssertEqual(slow["progress"] as? Double, 0.125)
        // disableActions: null removes the contents at once.
        let later = try entries(CLIHarness.run(["inspect", scene, "--time", "2.5s"]).stdout)
        XCTAssertNil(later["dissolve"]?["contents"])
        XCTAssertNil(later["dissolve"]?["animations"])
    }

    /// The dissolve renders as one: at the midpoint of red to blue the
    /// layer is opaque, half of each.
    func testContentsDissolveRendersOpaque() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try writeImages(in: dir)
        let scene = try CLIHarness.writeScene(swaps, in: dir)
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/mid.png", "--time", "1.5s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGCodec.read(path: dir + "/mid.png")
        let p = image.pixel(30, 50)
        XCTAssertEqual(p.a, 255)
        XCTAssertEqual(Int(p.r) + Int(p.b), 255)
        XCTAssertEqual(Double(p.r), 127.5, accuracy: 1)
    }

    /// The contract's fade is a cross-dissolve: two opaque states at the
    /// midpoint give an opaque layer (the transparent canvas must not show).
    func testFadeTransitionMidpointIsOpaque() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [60, 60], fps: 10, duration: 2s}
        layers:
          - {name: card, frame: [10, 10, 40, 40], backgroundColor: red, cornerRadius: 6}
        timeline:
          - {at: 0.5s, transition: {type: fade, duration: 1s, timingFunction: linear}, set: {card.backgroundColor: blue}}
        """, in: dir)
        let r = try CLIHarness.run(["render", scene, "-o", dir + "/mid.png", "--time", "1s"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGCodec.read(path: dir + "/mid.png")
        let p = image.pixel(30, 30)
        XCTAssertEqual(p.a, 255)
        XCTAssertEqual(Int(p.r) + Int(p.b), 255)
        XCTAssertEqual(image.pixel(2, 2).a, 0)
    }

    func testBadImageValuesInAnimationsAndTransactionsAreLocatedErrors() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        try writeImages(in: dir)
        let scene = try CLIHarness.writeScene("""
        strata: 1
        canvas: {size: [60, 60]}
        assets: {a: a.png}
        layers:
          - {name: l, contents: a, animations: [{keyPath: contents, to: a, by: a}]}
        timeline:
          - {at: 0.5s, set: {l.contents: nope}}
        """, in: dir)
        let r = try CLIHarness.run(["validate", scene])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("scene.yaml:5:68: error: 'by' does not apply to images; use 'from' and 'to'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("scene.yaml:7:34: error: contents 'nope' is neither an asset name nor a file"), r.stderr)
    }
}
