import StrataModel

extension Scene {
    /// `--time T` must fall inside the scene (0 to its duration), as `--frames`
    /// must name its frames: a moment past the end is bad input, with a note
    /// at the duration.
    /// A frame (`--frame N`) must be one of its frames, 0 to frameCount - 1.
    func check(_ instant: SceneInstant) throws(Diagnostic) {
        switch instant {
        case .seconds(let t): if t > canvas.duration { throw pastTheEnd(instant.commandLine) }
        case .frame(let f): if f >= frameCount { throw pastTheEnd(instant.commandLine) }
        }
    }

    /// `given` is how the command line named it: `--time 5s`, `--frame 200`.
    private func pastTheEnd(_ given: String) -> Diagnostic {
        let count = frameCount
        var notes: [DiagnosticNote] = []
        if let at = canvas.locations.duration { notes.append(DiagnosticNote(at, "the scene's duration")) }
        return Diagnostic(.commandLine(), "\(given) is past the end of the scene, which lasts \(Self.number(canvas.duration))s (frames 0-\(count - 1) at \(Self.number(canvas.fps)) fps)", notes: notes)
    }

    /// A frame size the output cannot take (`problem`: "H.264 (libx264) 4:2:0 needs an even
    /// frame size"), located where the size comes from: the variant's entry
    /// or `canvas.size` (with a note at `canvas.scale`), or the command line
    /// when `--size` or `--scale` made it.
    func sizeProblem(_ problem: String, overrides: SceneOverrides) -> any Error {
        let pixels = "\(canvas.pixelWidth)x\(canvas.pixelHeight) pixels"
        if overrides.size != nil || overrides.scale != nil {
            let given = [overrides.size.map { "--size \(Self.number($0.width))x\(Self.number($0.height))" },
                         overrides.scale.map { "--scale \(Self.number($0))" }].compactMap { $0 }
            return CompileError("\(problem), but \(given.joined(separator: " and ")) makes \(pixels); change --size or --scale")
        }
        let place = overrides.variant.flatMap { canvas.locations.variants[$0] } ?? canvas.locations.size
        let what = overrides.variant.map { "variant '\($0)'" } ?? "the canvas"
        guard let place else { return CompileError("\(problem), but \(what) is \(pixels)") }
        var notes: [DiagnosticNote] = []
        if canvas.scale != 1, let scale = canvas.locations.scale {
            notes.append(DiagnosticNote(scale, "canvas.scale \(Self.number(canvas.scale)) multiplies the size in points"))
        }
        return Diagnostic(place, "\(problem), but \(what) is \(pixels); change the size (or render at another --size or --scale)", notes: notes)
    }

    /// `1.5`, `2`: no `.0` on whole numbers.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
