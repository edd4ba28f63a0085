/// A failure while encoding or decoding a PNG or a video. The message is
/// meant for users: it names the file or the setting at fault.
public struct EncodeError: Error, CustomStringConvertible, Sendable, Equatable {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

extension String {
    /// The text of a NUL-terminated C message buffer.
    init(cMessage buffer: [CChar]) {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
