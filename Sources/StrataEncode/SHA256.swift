import CAV

/// SHA-256 through libavutil (Foundation on Linux has no hash functions and
/// no outside packages can be fetched). Feed bytes, then take the digest.
///
///     let hash = SHA256()
///     hash.update(bytes)
///     let hex = hash.hexDigest()   // 64 lowercase hex digits
public final class SHA256 {
    private var context: OpaquePointer?
    private var finished = false

    public init() {
        context = av_sha_alloc()
        av_sha_init(context, 256)
    }

    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    public func update(_ text: String) {
        var text = text
        text.withUTF8 { update($0) }
    }

    public func update(_ buffer: UnsafeBufferPointer<UInt8>) {
        precondition(!finished, "SHA256 used after its digest was taken")
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        av_sha_update(context, base, buffer.count)
    }

    /// The digest as 64 lowercase hex digits; the hash takes no more input after this.
    public func hexDigest() -> String {
        precondition(!finished, "SHA256 digest taken twice")
        finished = true
        var digest = [UInt8](repeating: 0, count: 32)
        av_sha_final(context, &digest)
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    /// The SHA-256 of a whole file, read in 1 MiB pieces.
    public static func hexDigest(ofFile path: String) throws -> String {
        let hash = SHA256()
        try FileBytes.forEachPiece(of: path) { hash.update($0) }
        return hash.hexDigest()
    }

    deinit { av_free(UnsafeMutableRawPointer(context)) }
}
