import Foundation

/// Each animation format's loop field, read from the file's bytes (the
/// tests of `--loop` and of the encoders' defaults read them back).
public enum AnimationLoopFields {
    /// WebP: the ANIM chunk's loop count (uint16 LE after the 4-byte background colour); 0 forever.
    public static func webPLoopCount(_ data: Data) -> Int? {
        let b = [UInt8](data)
        var i = 12
        while i + 8 <= b.count {
            let size = Int(b[i + 4]) | Int(b[i + 5]) << 8 | Int(b[i + 6]) << 16 | Int(b[i + 7]) << 24
            if String(decoding: b[i..<i + 4], as: UTF8.self) == "ANIM", i + 14 <= b.count {
                return Int(b[i + 12]) | Int(b[i + 13]) << 8
            }
            i += 8 + size + (size & 1)
        }
        return nil
    }

    /// APNG: acTL's num_plays (uint32 BE after num_frames); 0 forever.
    public static func apngPlays(_ data: Data) -> Int? {
        let b = [UInt8](data)
        var i = 8
        while i + 8 <= b.count {
            let size = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            if String(decoding: b[i + 4..<i + 8], as: UTF8.self) == "acTL", i + 16 <= b.count {
                return Int(b[i + 12]) << 24 | Int(b[i + 13]) << 16 | Int(b[i + 14]) << 8 | Int(b[i + 15])
            }
            i += 12 + size
        }
        return nil
    }

    /// GIF: the NETSCAPE2.0 application extension's repeat count (repeats
    /// after the first play; 0 forever); nil (no extension) plays once.
    public static func gifRepeats(_ data: Data) -> Int? {
        let b = [UInt8](data), tag = Array("NETSCAPE2.0".utf8)
        guard b.count > 16, let at = (0..<(b.count - 16)).first(where: { Array(b[$0..<$0 + 11]) == tag }) else { return nil }
        return Int(b[at + 13]) | Int(b[at + 14]) << 8
    }
}
