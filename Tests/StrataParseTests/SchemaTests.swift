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

    /// What yaml-language-server shows: a key of another type is `false` in
    /// that type's rules, with the parser's words as its `errorMessage`, and
    /// not offered for completion where the type lacks it.
    func testAWrongTypesKeyIsFlaggedAtTheKeyWithThePartsMessage() throws {
        let defs = try XCTUnwrap(try schema()["$defs"] as? [String: Any])
        let text = try XCTUnwrap(defs["layer.text"] as? [String: Any])
        let rules = try XCTUnwrap(text["allOf"] as? [[String: Any]])
        let rule = try XCTUnwrap(rules.first { ($0["properties"] as? [String: Any])?["fillColor"] != nil })
        XCTAssertEqual((rule["properties"] as? [String: Any])?["fillColor"] as? Bool, false)
        XCTAssertEqual(rule["errorMessage"] as? String, "a key of 'shape' layers, not of type 'text'")
        let own = try XCTUnwrap(text["properties"] as? [String: Any])
        XCTAssertNotNil(own["fontSize"])
        XCTAssertNil(own["fillColor"])
        let layer = try XCTUnwrap((defs["layer"] as? [String: Any])?["properties"] as? [String: Any])
        XCTAssertEqual((layer["fillColor"] as? [String: Any])?["doNotSuggest"] as? Bool, true)
        XCTAssertNil((layer["opacity"] as? [String: Any])?["doNotSuggest"])
        // The parser's message says the same.
        let m = Marked(layerScene("type: text\nfillColor: red"))
        XCTAssertEqual(diagnostics(m).first?.message, "'fillColor' is \(rule["errorMessage"] as? String ?? "")")
    }

    func testDescriptionsGiveUnits() throws {
        let defs = try XCTUnwrap(try schema()["$defs"] as? [String: Any])
        func description(_ def: String, _ key: String) -> String? {
            (((defs[def] as? [String: Any])?["properties"] as? [String: Any])?[key] as? [String: Any])?["description"] as? String
        }
        XCTAssertEqual(description("layer", "cornerRadius"), "points, 0 or more; rounds the background, the border and the masksToBounds clip; default 0")
        XCTAssertEqual(description("layer.text", "fontSize")?.hasPrefix("'text' layers: points, 0 to 4096; "), true)
        XCTAssertEqual(description("animation", "duration")?.hasPrefix("seconds, 0 or more; "), true)
        XCTAssertEqual(description("emitterCell", "spin")?.hasPrefix("degrees; "), true)
        XCTAssertEqual(description("canvas", "scale")?.hasPrefix("greater than 0 and at most 8; "), true)
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
            "cornerCurve": "continuous", "compositingFilter": "screenBlendMode",
            "filters": "[{filter: CIGaussianBlur}]", "backgroundFilters": "[{filter: CIColorControls}]",
        ]
        let used = "scenes/compositions/parts/badge.yaml"
        let sceneSamples = ["scene": used, "params": "{letter: B}", "fillMode": "both", "autoreverses": "true",
                            "duration": "2s", "repeatCount": "2", "repeatDuration": "3s"]
        for key in KeyTables.layer.supported {
            if let sample = sceneSamples[key] {
                let rest = key == "scene" ? "" : "\nscene: \(used)"
                XCTAssertNotNil(scene(Marked(layerScene("\(key): \(sample)\(rest)"))), key)
            } else {
                XCTAssertNotNil(scene(Marked(layerScene("\(key): \(samples[key] ?? "1")"))), key)
            }
        }
    }
}

