import CCairo  // before CFont, as in TextEngine: cairo's declarations stay CCairo's for the other files
import CFont
import StrataModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The fonts installed with strata (`make install` puts them in
/// PREFIX/share/strata/fonts): registered with fontconfig when the program
/// starts, so that the fonts strata itself names (DejaVu Sans, of contact
/// sheet labels and the default family's fallback) exist on a machine
/// without system fonts. A binary outside an installed tree (the build
/// folder) finds no such folder and uses the system's fonts alone.
public enum BundledFonts {
    /// `<folder of the executable>/../share/strata/fonts`.
    public static func folder(executable: String) -> String {
        var parts = executable.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        parts.removeLast(min(2, parts.count))  // the file name, then bin/
        return (parts + ["share", "strata", "fonts"]).joined(separator: "/")
    }

    /// This process's executable (Linux: the target of /proc/self/exe), or nil.
    public static var executable: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Adds the fonts in `folder` to fontconfig's configuration (before any
    /// font is looked up); false when there is no such folder.
    @discardableResult
    public static func register(folder: String) -> Bool {
        guard SystemFiles.isFolder(folder) else { return false }
        return FcConfigAppFontAddDir(nil, folder) != 0
    }
}
