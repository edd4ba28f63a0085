import Foundation
import StrataCompiler
import StrataEncode
import StrataModel
import StrataRender

extension PreviewServer {
    /// The routes: the page and its script and style, the scene's status,
    /// frames, the presentation tree and layer outlines at a time, and the
    /// event stream. Anything else is a 404 that lists them.
    static let routes = ["/", "/app.js", "/app.css", "/api/scene", "/frame.png", "/frame.jpg", "/api/inspect",
                         "/api/outlines", "/events"]

    func route(_ request: HTTPRequest) -> HTTPReply {
        switch request.path {
        case "/", "/index.html": return .now(PreviewPage.response(PreviewPage.html, type: "text/html; charset=utf-8"))
        case "/app.js": return .now(PreviewPage.response(PreviewPage.script, type: "text/javascript; charset=utf-8"))
        case "/app.css": return .now(PreviewPage.response(PreviewPage.style, type: "text/css; charset=utf-8"))
        case "/favicon.ico": return .now(HTTPResponse(status: 204, contentType: "image/x-icon", body: []))
        case "/api/scene": return .now(.json(sceneJSON(host.current).serialized()))
        case "/events": return .events(initial: Array("retry: 1000\n\n".utf8) + Self.sceneEvent(host.current))
        case "/frame.png": return frame(request, format: .png)
        case "/frame.jpg": return frame(request, format: .jpeg)
        case "/api/inspect": return computed(request) { scene, time in .json(scene.inspect(at: time).serialized()) }
        case "/api/outlines":
            return computed(request) { scene, time in
                .json(LayerOutlines.json(LayerOutlines.outlines(of: scene.renderTree(at: time)), canvas: scene.canvas).serialized())
            }
        default:
            return .now(.error(.notFound("no page at \(request.path); the preview serves " + Self.routes.joined(separator: ", "))))
        }
    }

    enum FrameFormat: String { case png, jpeg }

    /// A frame as PNG (exact) or JPEG (fast), from the cache or rendered on the pool.
    private func frame(_ request: HTTPRequest, format: FrameFormat) -> HTTPReply {
        let status = host.current
        guard let version = status.version else { return .now(.error(notCompiled(status))) }
        let query: FrameRequest
        do { query = try FrameRequest(query: request.query, route: request.path, scene: version.loaded) } catch {
            return .now(.error(error))
        }
        let key = "v\(version.number)/\(format.rawValue)/\(query.key)"
        let type = format == .png ? "image/png" : "image/jpeg"
        let headers = frameHeaders(version: version, time: query.time, request: request)
        if let bytes = cache.get(key) { return .now(HTTPResponse(contentType: type, body: bytes, headers: headers)) }
        let cache = self.cache
        return later(key: key) { renderer in
            switch version.scene(for: query.canvas) {
            case .failure(let error): return .error(error)
            case .success(let scene):
                var pixmap = Pixmap(width: 0, height: 0)
                do {
                    try scene.render(at: query.time, with: renderer, into: &pixmap)
                    let bytes = format == .png ? try PNGCodec.encode(pixmap) : try JPEGCodec.encode(pixmap)
                    cache.put(key, bytes)
                    return HTTPResponse(contentType: type, body: bytes, headers: headers)
                } catch {
                    return .text(500, "cannot render t=\(query.time): \(error)")
                }
            }
        }
    }

    /// JSON made from the scene at one time, on the pool.
    private func computed(_ request: HTTPRequest,
                          _ make: @escaping @Sendable (CompiledScene, Double) -> HTTPResponse) -> HTTPReply {
        let status = host.current
        guard let version = status.version else { return .now(.error(notCompiled(status))) }
        let query: FrameRequest
        do { query = try FrameRequest(query: request.query, route: request.path, scene: version.loaded) } catch {
            return .now(.error(error))
        }
        return later(key: nil) { _ in
            switch version.scene(for: query.canvas) {
            case .failure(let error): return .error(error)
            case .success(let scene):
                var response = make(scene, query.time)
                response.headers.append(("X-Strata-Version", String(version.number)))
                return response
            }
        }
    }

    /// Queues work on the pool and answers when it is done; 503 when the pool is full.
    private func later(key: String?, _ work: @escaping RenderPool.Work) -> HTTPReply {
        let pool = self.pool
        return .later { respond in
            if !pool.submit(key: key, work: work, completion: respond) {
                respond(.error(.busy("\(pool.capacity) renders are in flight already; try again shortly")))
            }
        }
    }

    /// A frame asked for with the current version (`v=`) may be kept by the browser.
    private func frameHeaders(version: SceneVersion, time: Double, request: HTTPRequest) -> [(String, String)] {
        let cacheable = request.query["v"] == String(version.number)
        return [("X-Strata-Version", String(version.number)), ("X-Strata-Time", String(time)),
                ("Cache-Control", cacheable ? "private, max-age=3600" : "no-store")]
    }

    private func notCompiled(_ status: SceneHost.Status) -> HTTPError {
        let first = status.problems.first { $0.severity == "error" }?.text ?? "the scene has not loaded"
        return HTTPError(status: 503, message: "the scene has not compiled yet: \(first)", headers: [("Retry-After", "1")])
    }

    /// `/api/scene`: the version, the canvas of the version frames come
    /// from, its variants, the diagnostics of the last attempt, and the
    /// render pool's size (the page renders ahead that many frames).
    func sceneJSON(_ status: SceneHost.Status) -> JSON {
        var pairs: [(String, JSON)] = [
            ("file", .string(host.path)), ("ok", .bool(status.ok)), ("attempt", .number(Double(status.attempt))),
            ("version", .number(Double(status.version?.number ?? 0))),
        ]
        if let version = status.version {
            let canvas = version.authored.canvas
            pairs.append(("canvas", .object([
                ("size", .array([.number(canvas.size.width), .number(canvas.size.height)])),
                ("pixelSize", .array([.number(Double(canvas.pixelWidth)), .number(Double(canvas.pixelHeight))])),
                ("scale", .number(canvas.scale)), ("fps", .number(canvas.fps)), ("duration", .number(canvas.duration)),
                ("frameCount", .number(Double(version.loaded.frameCount))),
                ("variants", .array(canvas.variants.map { v in
                    .object([("name", .string(v.name)), ("size", .array([.number(v.size.width), .number(v.size.height)]))])
                })),
            ])))
        } else {
            pairs.append(("canvas", .null))
        }
        pairs.append(("diagnostics", .array(status.problems.map(\.json))))
        pairs.append(("render", .object([("workers", .number(Double(pool.workers))),
                                         ("capacity", .number(Double(pool.capacity)))])))
        return .object(pairs)
    }
}
