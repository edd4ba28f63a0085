import XCTest
import Foundation
import StrataModel
@testable import StrataParse

final class SchemaTests: XCTestCase {
    private func schema() throws -> [String: Any] {
        let text = sceneJSONSchema()
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(object as? [String: Any])
    }

    func testSchemaIsValidJSONOfDraft2020() throws {
        let s = try schema()
        XCTAssertEqual(s["$schema"] as? String, "https://json-schema.org/draft/2020-12/schema")
        XCTAssertEqual(s["$id"] as? String, "urn:strata:scene:1")
        XCTAssertEqual(s["required"] as? [String], ["strata", "canvas"])
        XCTAssertEqual(s["additionalProperties"] as? Bool, false)
        let top = try XCTUnwrap(s["properties"] as? [String: Any])
        XCTAssertEqual(Set(top.keys), Set(KeyTables.top.names))
    }

    func testSchemaListsEveryLayerKey() throws {
        let defs = try XCTUnwrap(try schema()["$defs"] as? [String: Any])
        let layer = try XCTUnwrap(defs["layer"] as? [String: Any])
        let properties = try XCTUnwrap(layer["properties"] as? [String: Any])
        for key in ["name", "type", "bounds", "position", "anchorPoint", "anchorPointZ", "frame", "zPosition",
                    "transform", "sublayerTransform", "opacity", "hidden", "backgroundColor", "cornerRadius",
                    "borderWidth", "borderColor", "masksToBounds", "beginTime", "speed", "timeOffset",
                    "animations", "sublayers", "shadowRadius", "mask", "contents", "constraints", "actions", "fillColor"] {
            XCTAssertNotNil(properties[key], key)
        }
        XCTAssertEqual(Set(properties.keys), Set(KeyTables.layer.names))
        // Keys not supported yet carry a schema nothing satisfies.
        for spec in KeyTables.layer.keys where spec.status == .notSupportedYet {
            XCTAssertNotNil((properties[spec.name] as? [String: Any])?["not"], spec.name)
        }
        let opacity = try XCTUnwrap(properties["opacity"] as? [String: Any])
        XCTAssertEqual(opacity["description"] as? String, "0 to 1; default 1")
        for name in ["param", "number", "time", "angle", "color", "transform", "transformOperation",
                     "canvas", "layer", "animation", "golden", "goldenFrame", "tolerance"] {
            XCTAssertNotNil(defs[name], name)
        }
    }

    func testEveryRefResolves() throws {
        let text = sceneJSONSchema()
        let defs = try XCTUnwrap(try schema()["$defs"] as? [String: Any])
        var rest = Substring(text)
        while let r = rest.range(of: "\"#/$defs/") {
            let after = rest[r.upperBound...]
            let name = String(after.prefix { $0 != "\"" })
            XCTAssertNotNil(defs[name], name)
            rest = after
        }
    }

    func testTheKeyTablesMatchWhatTheParserReads() {
        // Every supported layer key parses on its own (the reader asserts the key is in the table).
        let samples: [String: String] = [
            "name": "a", "type": "layer", "bounds": "[0, 0, 1, 1]", "position": "[0, 0]", "anchorPoint": "[0, 0]",
            "frame": "[0, 0, 1, 1]", "transform": "[]", "sublayerTransform": "[]", "hidden": "true",
            "backgroundColor": "red", "borderColor": "red", "masksToBounds": "true", "animations": "[]", "sublayers": "[]",
            "beginTime": "1s", "timeOffset": "1s", "actions": "{opacity: null}",
            "constraints": "[]", "autoresizingMask": "[]",
            "maskedCorners": "[layerMinXMinYCorner]", "shadowColor": "red", "shadowOffset": "[0, 1]",
            "shadowPath": "{ellipse: [0, 0, 1, 1]}", "mask": "{}", "contents": "scenes/compositing/assets/photo.png",
            "contentsGravity": "center", "contentsRect": "[0, 0, 1, 1]", "contentsCenter": "[0, 0, 1, 1]",
            "geometryFlipped": "true", "doubleSided": "true", "shouldRasterize": "true", "allowsGroupOpacity": "true",
        ]
        for key in KeyTables.layer.supported {
            XCTAssertNotNil(scene(Marked(layerScene("\(key): \(samples[key] ?? "1")"))), key)
        }
    }
}

