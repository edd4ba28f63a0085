#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CCairo
import CFont
import StrataModel

/// Pango state of one render thread: font maps, contexts and a cache of
/// laid-out paragraphs.
///
/// Pango is not thread-safe across a shared font map (stack notes: it
/// segfaults), so every FrameRenderer owns one of these. Shaping and line
/// breaking are the costly part of text, so layouts are kept between frames,
/// keyed by everything that changes them; a static text layer is laid out
/// once per thread and only drawn afterwards. Layouts are built without
/// hinting (no hinted metrics, unrounded glyph positions), so they do not
/// depend on the layer's transform and one layout serves every scale.
final class TextEngine {
    /// What a layout depends on.
    struct Key: Hashable {
        var string: String
        var font: FontSpec
        var fontSize: Double
        var alignment: TextAlignment
        var isWrapped: Bool
        var truncation: TruncationMode
        var width: Double
        var height: Double
    }

    /// A laid-out text and where to draw it in the bounds (points).
    struct Laid {
        var layout: OpaquePointer
        var offsetX: Double
    }

    /// Font maps by fallback chain of font files ("" for the system's fonts through fontconfig).
    private var fontMaps: [String: UnsafeMutablePointer<PangoFontMap>] = [:]
    /// The family name inside each font file.
    private var fileFamilies: [String: String] = [:]
    private var contexts: [String: OpaquePointer] = [:]
    private var layouts: [Key: Laid] = [:]
    /// Layouts kept at most; past it the cache starts over (animated font
    /// sizes make a new layout every frame).
    static let cacheLimit = 256
    private let fontOptions: OpaquePointer?

    init() {
        fontOptions = cairo_font_options_create()
        cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
    }

    deinit {
        for laid in layouts.values { strata_g_object_unref(UnsafeMutableRawPointer(laid.layout)) }
        for context in contexts.values { strata_g_object_unref(UnsafeMutableRawPointer(context)) }
        for map in fontMaps.values { strata_g_object_unref(map) }
        cairo_font_options_destroy(fontOptions)
    }

    /// The layout of `text` in a box of `width` x `height` points, or nil
    /// when Pango cannot make one.
    func layout(_ text: TextProperties, width: Double, height: Double) -> Laid? {
        let key = Key(string: text.string, font: text.font, fontSize: text.fontSize, alignment: text.alignmentMode,
                      isWrapped: text.isWrapped, truncation: text.truncationMode, width: width, height: height)
        if let laid = layouts[key] { return laid }
        guard let laid = makeLayout(key) else { return nil }
        if layouts.count >= Self.cacheLimit {
            for old in layouts.values { strata_g_object_unref(UnsafeMutableRawPointer(old.layout)) }
            layouts.removeAll(keepingCapacity: true)
        }
        layouts[key] = laid
        return laid
    }

    private func makeLayout(_ key: Key) -> Laid? {
        guard let (context, family) = context(for: key.font), let layout = pango_layout_new(context) else { return nil }
        let scale = Double(strata_pango_scale())
        pango_layout_set_text(layout, key.string, -1)
        if let desc = pango_font_description_from_string(family) {
            pango_font_description_set_absolute_size(desc, key.fontSize * scale)
            pango_layout_set_font_description(layout, desc)
            pango_font_description_free(desc)
        }
        // Alignment in screen terms. Pango flips left/right for right-to-left
        // paragraphs (natural alignment); an explicit left or right must not flip.
        let rtl = pango_find_base_dir(key.string, -1) == PANGO_DIRECTION_RTL
        let pangoAlign: PangoAlignment
        let factor: Double  // where the block sits when Pango has no width to align in
        switch key.alignment {
        case .natural, .justified: pangoAlign = PANGO_ALIGN_LEFT; factor = rtl ? 1 : 0
        case .left: pangoAlign = rtl ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT; factor = 0
        case .right: pangoAlign = rtl ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT; factor = 1
        case .center: pangoAlign = PANGO_ALIGN_CENTER; factor = 0.5
        }
        pango_layout_set_alignment(layout, pangoAlign)
        if key.alignment == .justified { pango_layout_set_justify(layout, 1) }
        let width = Int32(clamping: Int((key.width * scale).rounded()))
        let ellipsize: PangoEllipsizeMode
        switch key.truncation {
        case .none: ellipsize = PANGO_ELLIPSIZE_NONE
        case .start: ellipsize = PANGO_ELLIPSIZE_START
        case .middle: ellipsize = PANGO_ELLIPSIZE_MIDDLE
        case .end: ellipsize = PANGO_ELLIPSIZE_END
        }
        var offsetX = 0.0
        if key.isWrapped {
            pango_layout_set_width(layout, width)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if key.truncation != .none {
                // The last line that fits the bounds' height gets the ellipsis.
                pango_layout_set_height(layout, Int32(clamping: Int((key.height * scale).rounded())))
                pango_layout_set_ellipsize(layout, ellipsize)
            }
        } else if key.truncation != .none {
            // One line per paragraph, each cut to the width.
            pango_layout_set_width(layout, width)
            pango_layout_set_ellipsize(layout, ellipsize)
        } else {
            // Lines as long as they are: Pango aligns them to the longest,
            // and the block is placed in the bounds.
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            offsetX = (key.width - Double(logical.width) / scale) * factor - Double(logical.x) / scale
        }
        return Laid(layout: layout, offsetX: offsetX)
    }

    /// The context for a font and the family name to ask it for: an asset
    /// font's family, then its fallback files' families (a comma list, so
    /// fontconfig ranks them in that order before any system font).
    private func context(for font: FontSpec) -> (OpaquePointer, String)? {
        var files: [String] = [], family = font.description
        if let file = font.file, fileFamily(file) != nil {
            files = [file] + font.fallbackFiles.filter { self.fileFamily($0) != nil }
            var families: [String] = []
            for f in files { if let name = self.fileFamily(f), !families.contains(name) { families.append(name) } }
            family = families.joined(separator: ",")
        }
        let mapKey = files.joined(separator: "\n")
        if let context = contexts[mapKey] { return (context, family) }
        guard let map = fontMap(files), let context = pango_font_map_create_context(map) else { return nil }
        pango_cairo_context_set_font_options(context, fontOptions)
        pango_context_set_round_glyph_positions(context, 0)
        contexts[mapKey] = context
        return (context, family)
    }

    /// The family inside a font file, or nil when it holds no font (then
    /// the system's fonts are used).
    private func fileFamily(_ file: String) -> String? {
        if let family = fileFamilies[file] { return family }
        guard let raw = strata_family_of_file(file) else { return nil }
        defer { strata_g_free(raw) }
        let family = String(cString: raw)
        fileFamilies[file] = family
        return family
    }

    /// The font map of a fallback chain of files (none: the system's fonts).
    private func fontMap(_ files: [String]) -> UnsafeMutablePointer<PangoFontMap>? {
        let key = files.joined(separator: "\n")
        if let map = fontMaps[key] { return map }
        let map: UnsafeMutablePointer<PangoFontMap>?
        if files.isEmpty {
            map = pango_cairo_font_map_new()
        } else {
            let families = files.map { fileFamily($0) ?? "" }
            map = withCStrings(files) { paths in
                withCStrings(families) { names in strata_font_map_for_chain(paths, Int32(files.count), names) }
            }
        }
        if let map { fontMaps[key] = map }
        return map
    }

    /// `body` with `strings` as an array of C strings.
    private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension TextEngine {
    /// CATextLayer: the string laid out from the top-left of the bounds
    /// (already clipped to them), in the foreground color. False when Pango
    /// could not lay the text out.
    @discardableResult
    func draw(_ t: TextProperties, in bounds: Rect, alpha: Double, cr: OpaquePointer) -> Bool {
        guard let laid = layout(t, width: bounds.width, height: bounds.height) else { return false }
        cairo_move_to(cr, bounds.minX + laid.offsetX, bounds.minY)
        CairoPath.setSource(cr, t.foregroundColor, alpha: alpha)
        pango_cairo_show_layout(cr, laid.layout)
        cairo_new_path(cr)
        return true
    }
}
