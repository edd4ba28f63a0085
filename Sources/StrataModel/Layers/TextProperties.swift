/// CATextLayer's properties. Defaults are Core Animation's: 36-point
/// Helvetica (whatever fontconfig matches for it), opaque white, natural
/// alignment, no wrapping, no truncation.
public struct TextProperties: Sendable, Hashable {
    public var string: String = ""
    public var font = FontSpec(description: "Helvetica")
    /// Points (the em size).
    public var fontSize: Double = 36
    public var foregroundColor: Color = .white
    public var alignmentMode: TextAlignment = .natural
    /// Wrap lines at the bounds' width.
    public var isWrapped: Bool = false
    /// How text that does not fit the bounds is cut, with an ellipsis.
    public var truncationMode: TruncationMode = .none

    public init() {}
}

/// A font: a Pango font description (family and style words, e.g.
/// "DejaVu Sans Bold"), or a font file from an asset.
public struct FontSpec: Sendable, Hashable {
    /// Family and style, looked up through fontconfig (ignored when `file` is set).
    public var description: String
    /// An absolute or scene-relative font file path; when set, this file
    /// comes first, then `fallbackFiles`, then the system's fonts of other
    /// families (for glyphs none of the files has), so the output does not
    /// depend on the machine for the glyphs the scene's fonts have.
    public var file: String?
    /// The scene's other font assets, in `assets:` order: where a glyph
    /// missing from `file` is looked for first.
    public var fallbackFiles: [String] = []

    public init(description: String, file: String? = nil, fallbackFiles: [String] = []) {
        self.description = description
        self.file = file
        self.fallbackFiles = fallbackFiles
    }
}

public enum TextAlignment: String, Sendable, Hashable, CaseIterable { case natural, left, right, center, justified }
public enum TruncationMode: String, Sendable, Hashable, CaseIterable { case none, start, middle, end }
