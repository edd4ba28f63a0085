import Foundation
import XCTest
@testable import StrataParse
import StrataTestSupport

/// The load's byte-wise shortcuts (scalar typing, the `${` test, the animation
/// key table) decide as the character-wise code they replaced, on random text.
final class ScalarResolutionTests: XCTestCase {
    /// Pieces random scalars are made of: digits, signs, dots, exponents,
    /// radix prefixes, keywords and their parts, param syntax, non-ASCII
    /// letters, a combining mark, CR LF and spaces.
    private static let pieces = [
        "0", "1", "7", "9", "-", "+", ".", "e", "E", "x", "o", "0x", "0o", "f", "F", "a",
        "inf", "Inf", "nan", "NaN", "null", "Null", "true", "TRUE", "false", "~",
        "$", "{", "}", "${", "$${", "é", "\u{301}", "٣", "\r\n", " ", "_",
    ]

    private static func randomTexts(count: Int) -> [String] {
        var rng = SeededGenerator(seed: 0x5EED)  // deterministic: a failure repeats
        return (0..<count).map { _ in
            (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
        }
    }

    func testPlainScalarsResolveAsTheCharacterWiseRules() {
        let fixed = ["", "~", "null", "-.inf", "+.Inf", ".NaN", "0x1F", "0x", "0o17", "0o8", "-0x5", "+12", "-0",
                     "12345678901234567890", "1.", ".5", ".", "1e5", "1e", "1e+", "-1.5E-3", "1.2.3", "1\u{301}", "-\u{301}1"]
        for text in fixed + Self.randomTexts(count: 20_000) {
            XCTAssertEqual(Self.key(YAMLScalar.resolvePlain(text)), Self.key(Reference.resolvePlain(text)), "'\(text)'")
            XCTAssertEqual(YAMLScalar.isDecimalFloat(text), Reference.isDecimalFloat(text), "'\(text)'")
        }
    }

    func testTextWithoutDollarBraceBytesHoldsNoReference() {
        for text in Self.randomTexts(count: 20_000) where !ParamSubstitution.mayHoldReference(text) {
            XCTAssertFalse(text.contains("${"), "'\(text)'")
        }
        XCTAssertTrue(ParamSubstitution.mayHoldReference("a ${b}"))
        XCTAssertTrue(ParamSubstitution.mayHoldReference("$${"))
        XCTAssertFalse(ParamSubstitution.mayHoldReference("$ {x} $"))
    }

    func testForeignAnimationKeysAreEachOtherTypesKeysOnceInTableOrder() {
        let byType = KeyTables.animationKeysByType
        for type in byType.map(\.0) + ["unknown"] {
            let own = Set(byType.first { $0.0 == type }?.1 ?? [])
            var seen: Set<String> = [], expected: [String] = []
            for (_, keys) in byType {
                for key in keys where !own.contains(key) && !seen.contains(key) {
                    seen.insert(key)
                    expected.append(key)
                }
            }
            XCTAssertEqual(KeyTables.foreignAnimationKeys(of: type), expected, type)
        }
    }

    /// Values compared by their bits, so that NaN equals NaN.
    private static func key(_ v: YAMLValue) -> String {
        switch v {
        case .float(let d): return "float \(d.bitPattern)"
        default: return "\(v)"
        }
    }

    /// The character-wise rules the byte-wise ones replaced (every text looked up as a keyword).
    private enum Reference {
        static func resolvePlain(_ text: String) -> YAMLValue {
            if let keyword = YAMLScalar.keywords[text] { return keyword }
            if let i = integer(text) { return .int(i) }
            if isDecimalFloat(text), let d = Double(text) { return .float(d) }
            return .string(text)
        }

        static func integer(_ text: String) -> Int? {
            if text.hasPrefix("0x"), text.count > 2 { return Int(text.dropFirst(2), radix: 16) }
            if text.hasPrefix("0o"), text.count > 2 { return Int(text.dropFirst(2), radix: 8) }
            var digits = Substring(text)
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(text.first == "+" ? String(text.dropFirst()) : text)
        }

        static func isDecimalFloat(_ text: String) -> Bool {
            var s = Substring(text)
            if s.first == "-" || s.first == "+" { s = s.dropFirst() }
            let mantissaEnd = s.firstIndex { $0 == "e" || $0 == "E" } ?? s.endIndex
            let mantissa = s[..<mantissaEnd]
            let parts = mantissa.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            let intPart = parts[0], fracPart = parts.count > 1 ? parts[1] : nil
            let allDigits = { (x: Substring) in x.allSatisfy { $0.isASCII && $0.isNumber } }
            guard allDigits(intPart), fracPart.map(allDigits) ?? true else { return false }
            guard !intPart.isEmpty || !(fracPart ?? "").isEmpty else { return false }
            if mantissaEnd == s.endIndex { return true }
            var exp = s[s.index(after: mantissaEnd)...]
            if exp.first == "-" || exp.first == "+" { exp = exp.dropFirst() }
            return !exp.isEmpty && allDigits(exp)
        }
    }
}
