import Foundation
import StrataCompiler
import XCTest
@testable import StrataPreview

/// Concurrency, reload on save, the event stream and the server's lifecycle.
final class PreviewServerTests: XCTestCase {
    func testConcurrentRequestsAreBoundedAndCorrect() throws {
        let scene = try sceneFolder().scene
        // One render thread, at most 4 jobs in flight: 24 different frames at once overflow it.
        let server = try startServer(scene, jobs: 1)
        XCTAssertEqual(server.pool.capacity, 4)
        let times = (0..<24).map { Double($0) / 24 }
        let replies = ReplyList(count: times.count)
        DispatchQueue.concurrentPerform(iterations: times.count) { i in
            replies.set(i, try? LoopbackHTTP.request(server.port, "/frame.png?t=\(times[i])"))
        }
        var served = 0
        for (i, reply) in replies.all.enumerated() {
            let reply = try XCTUnwrap(reply, "request \(i) got no answer")
            switch reply.status {
            case 200:
                served += 1
                XCTAssertEqual(reply.body, try expectedPNG(scene, at: times[i]), "frame at \(times[i])")
            case 503:
                XCTAssertEqual(reply.headers["retry-after"], "1")
                XCTAssertTrue(reply.text.contains("renders are in flight already"), reply.text)
            default:
                XCTFail("request \(i): status \(reply.status) \(reply.text)")
            }
        }
        XCTAssertGreaterThanOrEqual(served, 4, "at least the pool's capacity is served")
        eventuallyIdle(server)
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/frame.png?t=0.5").status, 200)
    }

    func testTheSameFrameAskedForAtOnceIsRenderedOnce() throws {
        let scene = try sceneFolder().scene
        let server = try startServer(scene, jobs: 1)
        let replies = ReplyList(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            replies.set(i, try? LoopbackHTTP.request(server.port, "/frame.jpg?t=0.7"))
        }
        let bodies = replies.all.compactMap { $0?.status == 200 ? $0?.body : nil }
        XCTAssertEqual(bodies.count, 8, "duplicates share one job, so none is refused")
        XCTAssertEqual(Set(bodies).count, 1)
    }

    func testSavingTheScenePushesAnEventAndServesTheNewVersion() throws {
        let (_, scene) = try sceneFolder()
        let server = try startServer(scene)
        let stream = try LoopbackConnection(port: server.port)
        stream.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let opening = stream.read { $0.contains("\"attempt\":1}\n\n") }
        XCTAssertTrue(opening.contains("Content-Type: text/event-stream"), opening)
        XCTAssertTrue(opening.contains("event: scene\ndata: {\"version\":1,\"ok\":true,\"attempt\":1}"), opening)

        let before = try LoopbackHTTP.request(server.port, "/frame.png?t=0.5").body
        try boxScene.replacingOccurrences(of: "#f2aa4c", with: "#2ec4b6").write(toFile: scene, atomically: true, encoding: .utf8)
        let second = stream.read { $0.contains("\"attempt\":2}") }
        XCTAssertTrue(second.contains("data: {\"version\":2,\"ok\":true,\"attempt\":2}"), second)
        let after = try LoopbackHTTP.request(server.port, "/frame.png?t=0.5")
        XCTAssertEqual(after.headers["x-strata-version"], "2")
        XCTAssertNotEqual(after.body, before)
        XCTAssertEqual(after.body, try expectedPNG(scene, at: 0.5))

        // An error: the event says so, the status has the diagnostic, frames stay at version 2.
        try boxScene.replacingOccurrences(of: "fps: 10", with: "fps: ten").write(toFile: scene, atomically: false, encoding: .utf8)
        let third = stream.read { $0.contains("\"attempt\":3}") }
        XCTAssertTrue(third.contains("data: {\"version\":2,\"ok\":false,\"attempt\":3}"), third)
        let status = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(LoopbackHTTP.request(server.port, "/api/scene").body)) as? [String: Any])
        XCTAssertEqual(status["ok"] as? Bool, false)
        let diagnostic = try XCTUnwrap((status["diagnostics"] as? [[String: Any]])?.first)
        XCTAssertEqual(diagnostic["file"] as? String, scene)
        XCTAssertEqual(diagnostic["line"] as? Int, 4)
        XCTAssertEqual(diagnostic["column"] as? Int, 8)
        XCTAssertEqual(diagnostic["severity"] as? String, "error")
        XCTAssertEqual(diagnostic["source"] as? String, "  fps: ten")
        XCTAssertEqual(diagnostic["caretPrefix"] as? String, "       ")
        XCTAssertEqual(try LoopbackHTTP.request(server.port, "/frame.png?t=0.5").body, after.body, "the last good frame")
    }

    func testAChangedAssetReloadsTheScene() throws {
        let (folder, scene) = try sceneFolder()
        // A 2x2 PNG asset: any decodable image will do; the frame shows it.
        let image = folder + "/dot.png"
        let pixel = try expectedPNG(scene, at: 0)
        try Data(pixel).write(to: URL(fileURLWithPath: image))
        try (boxScene + "assets: {dot: dot.png}\n").replacingOccurrences(of: "    backgroundColor: \"#f2aa4c\"", with: "    contents: dot")
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let server = try startServer(scene)
        XCTAssertEqual(server.version, 1)
        XCTAssertTrue(server.host.inputs.contains(image), "\(server.host.inputs)")
        try Data(try expectedPNG(scene, at: 0.9)).write(to: URL(fileURLWithPath: image))
        eventually(10, "the reload after the asset changed") { server.version == 2 }
    }

    func testAChangedUsedSceneReloadsTheScene() throws {
        // The box is a used scene in a folder of its own, two levels down.
        let (folder, scene) = try sceneFolder()
        try FileManager.default.createDirectory(atPath: folder + "/parts/inner", withIntermediateDirectories: true)
        let inner = folder + "/parts/inner/box.yaml"
        try boxScene.write(toFile: inner, atomically: true, encoding: .utf8)
        try "strata: 1\ncanvas: {size: [64, 48], fps: 10, duration: 1s}\nlayers: [{scene: inner/box.yaml, position: [32, 24]}]\n"
            .write(toFile: folder + "/parts/row.yaml", atomically: true, encoding: .utf8)
        try "strata: 1\ncanvas: {size: [64, 48], fps: 10, duration: 1s}\nlayers: [{scene: parts/row.yaml, position: [32, 24]}]\n"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        let server = try startServer(scene)
        XCTAssertEqual(server.version, 1)
        XCTAssertTrue(server.host.inputs.contains(inner), "\(server.host.inputs)")
        let before = try LoopbackHTTP.request(server.port, "/frame.png?t=0.5").body
        try boxScene.replacingOccurrences(of: "#f2aa4c", with: "#2ec4b6").write(toFile: inner, atomically: true, encoding: .utf8)
        eventually(10, "the reload after the used scene changed") { server.version == 2 }
        let after = try LoopbackHTTP.request(server.port, "/frame.png?t=0.5").body
        XCTAssertNotEqual(after, before)
        XCTAssertEqual(after, try expectedPNG(scene, at: 0.5))
    }

    func testATakenPortIsAClearError() throws {
        let scene = try sceneFolder().scene
        let first = try startServer(scene)
        XCTAssertThrowsError(try PreviewServer(scenePath: scene, port: first.port)) { error in
            XCTAssertTrue("\(error)".contains("port \(first.port) on 127.0.0.1 is already in use"), "\(error)")
        }
    }

    func testStoppingEndsEventStreamsAndPendingRequests() throws {
        let server = try PreviewServer(scenePath: try sceneFolder().scene, port: 0)
        let stream = try LoopbackConnection(port: server.port)
        stream.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        _ = stream.read { $0.contains("\"attempt\":1}\n\n") }
        let start = Date()
        server.stop()
        // The stream ends (chunked terminator or close) instead of hanging.
        let rest = stream.read { $0.hasSuffix("0\r\n\r\n") }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "stopped promptly; got \(rest)")
        XCTAssertThrowsError(try LoopbackHTTP.request(server.port, "/"), "nothing listens after stop")
    }

    func testAFrameCacheKeepsItsByteLimit() {
        let cache = FrameCache(byteLimit: 100)
        for i in 0..<10 { cache.put("v1/\(i)", [UInt8](repeating: 0, count: 30)) }
        XCTAssertNil(cache.get("v1/0"), "the oldest went first")
        XCTAssertNotNil(cache.get("v1/9"))
        cache.keepOnly(prefix: "v2/")
        XCTAssertNil(cache.get("v1/9"), "an older version is dropped on reload")
    }

    private func eventuallyIdle(_ server: PreviewServer) {
        eventually(10, "the render pool to drain") { server.pool.inFlight == 0 }
    }
}

/// Replies collected from several threads.
private final class ReplyList: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [HTTPReply?]
    init(count: Int) { replies = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ reply: HTTPReply?) { lock.lock(); replies[i] = reply; lock.unlock() }
    var all: [HTTPReply?] { lock.lock(); defer { lock.unlock() }; return replies }
}
