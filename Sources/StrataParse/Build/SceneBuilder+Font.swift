import CFont
#if canImport(Glibc)
import Glibc
#endif
import StrataModel

extension SceneBuilder {
    /// Generic family names fontconfig maps to a default font: never "missing".
    static let genericFamilies: Set<String> = ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui",
                                               "cursive", "fantasy", "emoji", "math"]

    /// A text layer's `font`: an asset name (the font file; it must hold a
    /// font), a PostScript name (`HelveticaNeue-Bold`, `PostScriptName`),
    /// or a Pango font description whose family fontconfig should know. A
    /// family it does not know is a warning naming the fallback.
    mutating func font(_ text: String, at node: YAMLNode) -> FontSpec {
        if let file = assetFiles[text] {
            guard let family = strata_family_of_file(file) else {
                sink.error(node.location, "asset '\(text)' ('\(file)') is not a font file fontconfig can read")
                return TextProperties().font
            }
            strata_g_free(family)
            // The scene's other fonts, in `assets:` order, are the fallback chain.
            var fallbacks: [String] = []
            for name in assetOrder where name != text {
                guard let other = assetFiles[name], other != file, !fallbacks.contains(other),
                      let raw = strata_family_of_file(other) else { continue }
                strata_g_free(raw)
                fallbacks.append(other)
            }
            return FontSpec(description: text, file: file, fallbackFiles: fallbacks)
        }
        if PostScriptName.isPostScriptName(text) {
            // A PostScript name (`HelveticaNeue-Bold`): the font fontconfig
            // has by that name, else the family and style the name spells.
            var description = PostScriptName.description(text) ?? text
            if let raw = strata_postscript_description(text) {
                description = String(cString: raw)
                strata_g_free(raw)
            }
            return systemFont(description, at: node)
        }
        return systemFont(text, at: node)
    }

    /// A text layer whose `string` has characters no font has (or with no
    /// font at all, an empty fontconfig): they would render as boxes. A
    /// warning at the layer's `font` (no font) or `string` (missing glyphs)
    /// naming the layer and the font asked for; an error in `check`
    /// (`SceneLoadOptions.fontProblemsAreErrors`).
    mutating func checkTextGlyphs(_ layer: Layer, _ m: MappingReader) {
        guard layer.type == .text, let text = layer.properties.text, !text.string.isEmpty,
              let at = (m.keyNode("string") ?? m.keyNode("font"))?.location else { return }
        let chars = Self.drawnCodePoints(text.string)
        guard !chars.isEmpty else { return }
        let font = text.font
        let asked = font.file == nil ? "'\(font.description)'" : "'\(font.description)' ('\(font.file!)')"
        let family: String
        if font.file != nil {
            family = "sans-serif"
        } else if let raw = strata_description_family(font.description) {
            family = String(cString: raw)
            strata_g_free(raw)
        } else {
            family = "sans-serif"
        }
        let files = font.file.map { [$0] + font.fallbackFiles } ?? []
        var missing = [UInt8](repeating: 0, count: chars.count)
        let count = withCStrings(files) { paths in
            strata_missing_chars(family, paths, Int32(files.count), chars, Int32(chars.count), &missing)
        }
        let name = layer.name.map { "text layer '\($0)'" } ?? "text layer"
        let message: String
        if count < 0 {
            message = "\(name): no font for \(asked): fontconfig finds no fonts at all, so the text would render as empty boxes; "
                + "install fonts (strata's own are in PREFIX/share/strata/fonts) or set FONTCONFIG_FILE to a configuration that has some"
        } else if count > 0 {
            let absent = zip(chars, missing).filter { $0.1 != 0 }.map(\.0)
            let shown = absent.prefix(5).map { c in "U+" + Self.hex(c) + " '" + String(Character(Unicode.Scalar(c)!)) + "'" }
            message = "\(name): no font has a glyph for \(shown.joined(separator: ", "))"
                + (absent.count > 5 ? " and \(absent.count - 5) more" : "")
                + " (font \(asked) and the system's fallbacks); they would render as boxes"
        } else {
            return
        }
        let location = count < 0 ? (m.keyNode("font")?.location ?? at) : at
        if session.fontProblemsAreErrors { sink.error(location, message) } else { sink.warning(location, message) }
    }

    /// The distinct code points of `string` that draw a glyph: not controls,
    /// format characters (ZWJ, bidi marks) or variation selectors, which no font needs.
    static func drawnCodePoints(_ string: String) -> [UInt32] {
        var seen = Set<UInt32>(), out: [UInt32] = []
        for s in string.unicodeScalars {
            let v = s.value
            switch s.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: continue
            default: break
            }
            if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { continue }
            if seen.insert(v).inserted { out.append(v) }
        }
        return out
    }

    static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `body` with `strings` as an array of C strings.
    private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    /// A Pango font description looked up through the system's fontconfig.
    private mutating func systemFont(_ text: String, at node: YAMLNode) -> FontSpec {
        guard let rawFamily = strata_description_family(text) else {
            sink.error(node.location, "'\(YAMLNode.clip(text))' names no font family; give a font asset name or a family like \"DejaVu Sans Bold\"")
            return TextProperties().font
        }
        let family = String(cString: rawFamily)
        strata_g_free(rawFamily)
        if !Self.genericFamilies.contains(family.lowercased()), let rawMatch = strata_matched_family(family) {
            let matched = String(cString: rawMatch)
            strata_g_free(rawMatch)
            if matched.lowercased() != family.lowercased() {
                sink.warning(node.location, "font family '\(family)' not found; using '\(matched)' instead")
            }
        }
        return FontSpec(description: text)
    }
}
