/// How a render is cut into chunks that separate processes (machines) render.
public enum ChunkSplit: Sendable, Equatable, Codable {
    /// `--chunks N`: N chunks whose lengths differ by at most one frame.
    case count(Int)
    /// `--chunk-frames K`: chunks of K frames; the last one may be shorter.
    case framesPerChunk(Int)

    /// The most chunks a render is cut into (chunk names have 4 digits up to here).
    public static let maxChunks = 10_000

    /// The frame ranges of the chunks, in order, covering `frames` exactly
    /// once. Chunk `i` of `count(n)` starts at `first + i * frames / n`
    /// (integer division), so each process computes the same cuts alone.
    public func ranges(of frames: ClosedRange<Int>) throws(CompileError) -> [ClosedRange<Int>] {
        let total = frames.count
        switch self {
        case .count(let n):
            guard n >= 1, n <= Self.maxChunks else { throw CompileError("--chunks must be 1...\(Self.maxChunks), found \(n)") }
            guard n <= total else {
                throw CompileError("--chunks \(n) is more chunks than frames: the render has \(total) frame\(total == 1 ? "" : "s") (\(frames.lowerBound)-\(frames.upperBound))")
            }
            return (0..<n).map { i in
                (frames.lowerBound + i * total / n)...(frames.lowerBound + (i + 1) * total / n - 1)
            }
        case .framesPerChunk(let k):
            guard k >= 1 else { throw CompileError("--chunk-frames must be at least 1, found \(k)") }
            let n = (total + k - 1) / k
            guard n <= Self.maxChunks else {
                throw CompileError("--chunk-frames \(k) cuts the render's \(total) frames into \(n) chunks, more than \(Self.maxChunks); give a larger K")
            }
            return (0..<n).map { i in
                (frames.lowerBound + i * k)...min(frames.upperBound, frames.lowerBound + (i + 1) * k - 1)
            }
        }
    }

    private enum CodingKeys: String, CodingKey { case chunks, chunkFrames }

    /// `{"chunks": 8}` or `{"chunkFrames": 300}`, as the options are named.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let n = try container.decodeIfPresent(Int.self, forKey: .chunks) { self = .count(n) }
        else { self = .framesPerChunk(try container.decode(Int.self, forKey: .chunkFrames)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .count(let n): try container.encode(n, forKey: .chunks)
        case .framesPerChunk(let k): try container.encode(k, forKey: .chunkFrames)
        }
    }

    /// The command-line form: `--chunks 8`, `--chunk-frames 300`.
    var arguments: [String] {
        switch self {
        case .count(let n): ["--chunks", String(n)]
        case .framesPerChunk(let k): ["--chunk-frames", String(k)]
        }
    }
}

/// Which chunk a `strata render --chunk` process renders: `I/N`, `I` (with
/// `--chunk-frames`), `env` or `env/N` (the index from the job engine).
public struct ChunkSelector: Sendable, Equatable {
    public enum Index: Sendable, Equatable {
        case number(Int)
        /// From `environmentVariables`, the first one set.
        case environment
    }

    public var index: Index
    /// `/N`; nil when `--chunk-frames` decides the count.
    public var count: Int?

    /// Where `--chunk env` finds the index: Slurm job arrays, then Kubernetes Indexed Jobs.
    public static let environmentVariables = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"]

    public init(index: Index, count: Int?) { self.index = index; self.count = count }

    /// `3/8`, `3`, `env`, `env/8`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        if parts[0] == "env" { index = .environment }
        else if let i = Int(parts[0]), i >= 0 { index = .number(i) }
        else { return nil }
        if parts.count == 2 {
            guard let n = Int(parts[1]), n >= 1, n <= ChunkSplit.maxChunks else { return nil }
            count = n
        } else {
            count = nil
        }
    }

    /// The split this selector and `--chunk-frames` describe.
    public func split(chunkFrames: Int?) throws(CompileError) -> ChunkSplit {
        switch (count, chunkFrames) {
        case (let n?, nil): return .count(n)
        case (_, let k?): return .framesPerChunk(k)
        case (nil, nil):
            throw CompileError("--chunk needs the number of chunks: --chunk I/N (or env/N), or --chunk-frames K as given to 'strata plan'")
        }
    }

    /// The chunk's index, checked against the number of chunks.
    public func resolve(chunks: Int, environment: [String: String]) throws(CompileError) -> Int {
        let i: Int
        switch index {
        case .number(let n): i = n
        case .environment:
            guard let name = Self.environmentVariables.first(where: { environment[$0] != nil }), let text = environment[name] else {
                throw CompileError("--chunk env takes the chunk index from \(Self.environmentVariables.joined(separator: " or ")), but neither is set; give --chunk I/N")
            }
            guard let n = Int(text), n >= 0 else { throw CompileError("--chunk env: \(name) is '\(text)', not a chunk index") }
            i = n
        }
        guard i < chunks else {
            let source = index == .environment ? " (from \(Self.environmentVariables.first { environment[$0] != nil }!))" : ""
            throw CompileError("chunk \(i)\(source) does not exist: the render has \(chunks) chunk\(chunks == 1 ? "" : "s"), 0-\(chunks - 1)")
        }
        return i
    }
}
