import StrataModel

extension Scene {
    /// The layer at a path as `strata inspect` prints it ("" is the root).
    func layer(atPath path: String) -> Layer? {
        var layer = root
        guard !path.isEmpty else { return layer }
        for part in path.split(separator: "/") {
            let name = String(part)
            if let named = layer.sublayers.first(where: { $0.name == name }) {
                layer = named
            } else if let i = Int(name), layer.sublayers.indices.contains(i), layer.sublayers[i].name == nil {
                layer = layer.sublayers[i]
            } else {
                return nil
            }
        }
        return layer
    }

    /// Where the layer at `path` was written, or the top of the file.
    func location(ofLayer path: String) -> SourceLocation {
        layer(atPath: path)?.location ?? SourceLocation(file: file, line: 1, column: 1)
    }
}
