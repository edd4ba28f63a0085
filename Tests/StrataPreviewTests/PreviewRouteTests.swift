import Foundation
import StrataCompiler
import StrataModel
import XCTest
@testable import StrataPreview

/// Every route of the preview server, over HTTP on the loopback address.
final class PreviewRouteTests: XCTestCase {
    func testPageScriptAndStyleAreServedFromTheBinary() throws {
        let server = try startServer(try sceneFolder().scene)
        let page = try LoopbackHTTP.request(server.port, "/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.headers["content-type"], "text/html; charset=utf-8")
        XCTAssertTrue(page.text.contains("<script src=\"/app.js\"></script>"))
        XCTAssertFalse(page.text.contains("http"), "no CDN or other outside address")
        let script = try LoopbackHTTP.request(server.port, "/app.js")
        XCTAssertEqual(script.headers["content-type"], "text/javascript; charset=utf-8")
        XCTAssertTrue(script.text.contains("new EventSource('/events')"))
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/app.css").headers["content-type"], "text/css; charset=utf-8")
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/favicon.ico").status, 204)
        let head = try LoopbackHTTP.request(server.port, "/", method: "HEAD")
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
    }

    func testSceneStatus() throws {
        let server = try startServer(try sceneFolder().scene)
        let reply = try LoopbackHTTP.request(server.port, "/api/scene")
        XCTAssertEqual(reply.status, 200)
        XCTAssertEqual(reply.headers["content-type"], "application/json")
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        XCTAssertEqual(json["ok"] as? Bool, true)
        XCTAssertEqual(json["version"] as? Int, 1)
        let canvas = try XCTUnwrap(json["canvas"] as? [String: Any])
        XCTAssertEqual(canvas["fps"] as? Double, 10)
        XCTAssertEqual(canvas["frameCount"] as? Int, 10)
        XCTAssertEqual(canvas["size"] as? [Double], [64, 48])
        XCTAssertEqual((canvas["variants"] as? [[String: Any]])?.first?["name"] as? String, "wide")
        XCTAssertEqual((json["diagnostics"] as? [Any])?.count, 0)
    }

    func testFramesAreWhatRenderDraws() throws {
        let scene = try sceneFolder().scene
        let server = try startServer(scene)
        let png = try LoopbackHTTP.request(server.port, "/frame.png?t=0.45")
        XCTAssertEqual(png.status, 200)
        XCTAssertEqual(png.headers["content-type"], "image/png")
        XCTAssertEqual(png.headers["x-strata-version"], "1")
        XCTAssertEqual(png.body, try expectedPNG(scene, at: 0.45), "the same bytes as strata render --time 0.45s")
        // Cached: the same bytes again.
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/frame.png?t=0.45").body, png.body)
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/frame.png?frame=3").body, try expectedPNG(scene, at: 0.3))
        var wide = SceneOverrides()
        wide.variant = "wide"
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/frame.png?t=0.2&variant=wide").body,
                       try expectedPNG(scene, at: 0.2, overrides: wide))
        var size = SceneOverrides()
        size.size = Size(40, 30)
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/frame.png?t=0.2&size=40x30").body,
                       try expectedPNG(scene, at: 0.2, overrides: size))
        // A frame asked for with the current version may be kept by the browser.
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/frame.png?t=0.2&v=1").headers["cache-control"],
                       "private, max-age=3600")
        let jpeg = try LoopbackHTTP.request(server.port, "/frame.jpg?t=0.45")
        XCTAssertEqual(jpeg.status, 200)
        XCTAssertEqual(jpeg.headers["content-type"], "image/jpeg")
        XCTAssertEqual(Array(jpeg.body.prefix(3)), [0xFF, 0xD8, 0xFF], "a JPEG (SOI marker)")
    }

    func testInspectIsWhatTheInspectCommandPrints() throws {
        let scene = try sceneFolder().scene
        let server = try startServer(scene)
        let reply = try LoopbackHTTP.request(server.port, "/api/inspect?t=0.5")
        XCTAssertEqual(reply.status, 200)
        let compiled = try CompiledScene.load(file: scene, options: .init(), overrides: .init(), warn: { _ in })
        XCTAssertEqual(reply.text, compiled.inspect(at: 0.5).serialized())
    }

    func testOutlinesGiveEachLayersCornersOnTheCanvas() throws {
        let server = try startServer(try sceneFolder().scene)
        let reply = try LoopbackHTTP.request(server.port, "/api/outlines?t=0.5")
        XCTAssertEqual(reply.status, 200)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])
        let layers = try XCTUnwrap(json["layers"] as? [[String: Any]])
        let box = try XCTUnwrap(layers.first { $0["path"] as? String == "box" })
        // position.x is 12 + 40 * 0.5 = 32 at 0.5s; the box is 20 points square about it.
        XCTAssertEqual(box["corners"] as? [[Double]], [[22, 14], [42, 14], [42, 34], [22, 34]])
    }

    func testUnknownRoutesAndMethods() throws {
        let server = try startServer(try sceneFolder().scene)
        let missing = try LoopbackHTTP.request(server.port, "/nothing")
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.text.contains("no page at /nothing; the preview serves /, /app.js"), missing.text)
        let post = try LoopbackHTTP.request(server.port, "/frame.png?t=0", method: "POST")
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.headers["allow"], "GET, HEAD")
    }

    func testBadFrameRequestsAreClearErrors() throws {
        let server = try startServer(try sceneFolder().scene)
        let cases: [(String, Int, String)] = [
            ("/frame.png", 400, "/frame.png needs a time: t=SECONDS or frame=N"),
            ("/frame.png?t=abc", 400, "t='abc' is not a number of seconds"),
            ("/frame.png?t=-0.1", 400, "t=-0.1 is outside the scene: its times are 0...1.0 seconds"),
            ("/frame.png?t=99", 400, "t=99 is outside the scene"),
            ("/frame.png?t=nan", 400, "is not a number of seconds"),
            ("/frame.png?frame=10", 400, "frame=10 is outside the scene: its frames are 0...9"),
            ("/frame.png?frame=1.5", 400, "frame='1.5' is not a frame number"),
            ("/frame.png?t=0&frame=0", 400, "give t or frame, not both"),
            ("/frame.png?t=0&size=0x10", 400, "size='0x10' is not a size like 1080x1920"),
            ("/frame.png?t=0&size=big", 400, "is not a size like 1080x1920"),
            ("/frame.png?t=0&size=100000x100000", 400, "is outside the limits"),
            ("/frame.png?t=0&variant=tall", 400, "unknown variant 'tall'; known variants: wide"),
            ("/frame.png?t=0&variant=wide&size=9x9", 400, "give size or variant, not both"),
            ("/frame.jpg?t=0&zoom=2", 400, "unknown parameter 'zoom' for /frame.jpg"),
            ("/api/inspect?t=5", 400, "t=5 is outside the scene"),
            ("/api/outlines", 400, "/api/outlines needs a time"),
        ]
        for (target, status, message) in cases {
            let reply = try LoopbackHTTP.request(server.port, target)
            XCTAssertEqual(reply.status, status, target)
            XCTAssertTrue(reply.text.contains(message), "\(target): \(reply.text)")
        }
        // The server is fine afterwards.
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/frame.png?t=0").status, 200)
    }
}
