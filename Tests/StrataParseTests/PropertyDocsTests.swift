import XCTest
import Foundation
import StrataModel
@testable import StrataParse

/// The docs' property tables are the property table's (`LayerProperty.all`):
/// each marked table in docs/*.md equals what `PropertyDocs` generates.
/// `make docs` (STRATA_WRITE_DOCS=1) writes them instead of checking.
final class PropertyDocsTests: XCTestCase {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs").path

    func testTheDocsTablesAreTheTable() throws {
        let write = ProcessInfo.processInfo.environment["STRATA_WRITE_DOCS"] == "1"
        var markers: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.docs).sorted() where name.hasSuffix(".md") {
            let path = Self.docs + "/" + name
            let text = try String(contentsOfFile: path, encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix(PropertyDocs.open) {
                markers.insert(String(line.dropFirst(PropertyDocs.open.count).dropLast(4)))
            }
            let updated = try PropertyDocs.update(text)
            if write {
                if updated != text { try updated.write(toFile: path, atomically: true, encoding: .utf8) }
            } else {
                XCTAssertEqual(updated, text, "docs/\(name): the property tables differ from LayerProperty.all; run 'make docs'")
            }
        }
        // Every table is somewhere in the docs, and every property in one of them.
        let tables = ["layer", "compositing", "keyPaths", "typeKeyPaths", "emitterCell", "layerFilter"]
            + LayerType.allCases.map(\.rawValue).filter { PropertyDocs.table(named: $0) != nil }
        XCTAssertEqual(markers, Set(tables))
        for p in LayerProperty.all {
            XCTAssertTrue(tables.contains { PropertyDocs.table(named: $0)!.contains("| `\(p.name)` |") }, p.name)
        }
        for k in CellKey.all { XCTAssertTrue(PropertyDocs.table(named: "emitterCell")!.contains("| `\(k.name)` |"), k.name) }
    }

    func testMarkersThatNameNoTableOrAreNotClosedAreErrors() {
        XCTAssertThrowsError(try PropertyDocs.update("<!-- properties: nothing -->\n<!-- /properties -->"))
        XCTAssertThrowsError(try PropertyDocs.update("<!-- properties: shape -->\n| old |"))
        XCTAssertEqual(try PropertyDocs.update("text\n<!-- properties: scroll -->\nold\n<!-- /properties -->\nafter"),
                       "text\n<!-- properties: scroll -->\n\n\(PropertyDocs.table(named: "scroll")!)\n\n<!-- /properties -->\nafter")
    }
}
