import CFont
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
