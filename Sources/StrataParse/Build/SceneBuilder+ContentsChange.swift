import StrataModel

extension SceneBuilder {
    /// A `contents` value set by a transaction: an asset name or image path
    /// (decoded now, like a layer's `contents`), or null for no contents.
    mutating func contentsValue(_ node: YAMLNode) -> AnimatableValue? {
        if node.isNull { return .image(ContentsValue(key: nil)) }
        return contentsKey(node).map { .image(ContentsValue(key: $0)) }
    }
}
