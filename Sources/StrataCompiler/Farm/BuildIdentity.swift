import Foundation

/// Which build of strata is running: the GNU build ID that the linker
/// writes into the executable (`readelf -n`), so that chunks rendered by
/// another build (whose frames may differ) are never joined with these.
enum BuildIdentity {
    /// `gnu-build-id:<hex>`, or `unknown` where there is none to read.
    static let current: String = readBuildID(path: "/proc/self/exe").map { "gnu-build-id:" + $0 } ?? "unknown"

    /// The build ID note of a 64-bit little-endian ELF file, found through
    /// its program headers (the first few kilobytes and the notes are read).
    static func readBuildID(path: String) -> String? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
            guard count > 0, count <= 1 << 20, (try? file.seek(toOffset: offset)) != nil,
                  let data = try? file.read(upToCount: count), data.count == count else { return nil }
            return [UInt8](data)
        }
        func integer(_ b: [UInt8], _ at: Int, _ size: Int) -> UInt64 {
            (0..<size).reduce(UInt64(0)) { $0 | UInt64(b[at + $1]) << (8 * UInt64($1)) }
        }
        // ELF64, little-endian: e_phoff at 32, e_phentsize at 54, e_phnum at 56.
        guard let header = bytes(at: 0, count: 64), header[0..<4] == [0x7F, 0x45, 0x4C, 0x46],
              header[4] == 2, header[5] == 1 else { return nil }
        let phoff = integer(header, 32, 8), phentsize = Int(integer(header, 54, 2)), phnum = Int(integer(header, 56, 2))
        guard phentsize >= 56, phnum <= 256, let table = bytes(at: phoff, count: phentsize * phnum) else { return nil }
        for i in 0..<phnum {
            let entry = i * phentsize
            guard integer(table, entry, 4) == 4 else { continue }  // PT_NOTE
            let offset = integer(table, entry + 8, 8), size = Int(integer(table, entry + 32, 8))
            guard let notes = bytes(at: offset, count: size) else { continue }
            var at = 0
            while at + 12 <= notes.count {
                let nameSize = Int(integer(notes, at, 4)), descSize = Int(integer(notes, at + 4, 4))
                let type = integer(notes, at + 8, 4)
                let name = at + 12, desc = name + (nameSize + 3) / 4 * 4
                guard desc + descSize <= notes.count else { break }
                if type == 3, nameSize == 4, notes[name..<name + 3] == [0x47, 0x4E, 0x55] {  // NT_GNU_BUILD_ID, "GNU"
                    return notes[desc..<desc + descSize].map { String(format: "%02x", $0) }.joined()
                }
                at = desc + (descSize + 3) / 4 * 4
            }
        }
        return nil
    }
}
