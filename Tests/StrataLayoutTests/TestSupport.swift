import XCTest
import StrataModel
import StrataParse
@testable import StrataLayout

/// Parses a scene (failing the test on errors) and lays it out at `size` (default: as authored).
func laidOut(_ yaml: String, size: Size? = nil, warnings: UnsafeMutablePointer<[Diagnostic]>? = nil,
             file: StaticString = #filePath, line: UInt = #line) -> Scene? {
    do {
        var scene = try SceneLoader.parse(text: yaml, file: "t.yaml").scene
        let w = scene.layOut(canvasSize: size)
        warnings?.pointee = w
        return scene
    } catch {
        XCTFail("unexpected errors:\n\(error)", file: file, line: line)
        return nil
    }
}

/// A scene of `layers` (YAML list items, indented by two spaces) on a canvas of `canvas`.
func sceneYAML(_ layers: String, canvas: String = "[400, 300]") -> String {
    "strata: 1\ncanvas: {size: \(canvas)}\nlayers:\n" + layers
}

extension Scene {
    /// The frame of the layer at a slash path below the root.
    func frame(_ path: String) -> Rect? {
        var layer = root
        for part in path.split(separator: "/") {
            guard let next = layer.sublayers.first(where: { $0.name == String(part) }) else { return nil }
            layer = next
        }
        return layer.properties.frame
    }
}

/// A layer with a name, a frame and constraints, for graph and solver tests without YAML.
func layer(_ name: String?, _ frame: Rect = .zero, _ constraints: [LayoutConstraint] = [],
           mask: AutoresizingMask = [], line: Int = 1) -> Layer {
    var l = Layer(name: name, location: SourceLocation(file: "t.yaml", line: line, column: 1))
    l.properties.setFrame(frame)
    l.constraints = constraints
    l.autoresizingMask = mask
    return l
}

/// `attribute = source.target * scale + offset`, written at `line`.
func constraint(_ attribute: LayoutAttribute, _ source: String, _ target: LayoutAttribute,
                scale: Double = 1, offset: Double = 0, line: Int = 1) -> LayoutConstraint {
    LayoutConstraint(attribute, relativeTo: source == "superlayer" ? .superlayer : .sibling(source), target,
                     scale: scale, offset: offset, location: SourceLocation(file: "t.yaml", line: line, column: 9))
}
