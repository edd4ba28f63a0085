import Foundation
import StrataModel

/// SVG path data (the `d` attribute, SVG 1.1 §8.3), parsed into absolute
/// commands: moves, lines, quadratic and cubic Béziers, and closes. H/V
/// become lines, S/T become Béziers with the reflected control point, and
/// arcs become cubic Béziers (at most a quarter turn each). Coordinates are
/// points, y down, as written.
///
/// Self-contained (StrataModel geometry only): it reports the first problem
/// with its character offset in the text, for the caller to locate.
public struct SVGPathData: Sendable, Hashable {
    public enum Command: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case quad(Point, Point)
        case cubic(Point, Point, Point)
        case close
    }

    public var commands: [Command]

    /// Why the text is not path data, and where (a Unicode-scalar offset).
    public struct ParseError: Error, Sendable, Hashable {
        public var message: String
        public var offset: Int
    }

    /// Parses path data; it must start with a move (M or m). At most
    /// `limit` commands (after arcs are split) are accepted.
    public static func parse(_ text: String, limit: Int = 100_000) -> Result<SVGPathData, ParseError> {
        var p = Parser(Array(text.unicodeScalars), limit: limit)
        do {
            try p.run()
            return .success(SVGPathData(commands: p.out))
        } catch {
            return .failure(error)
        }
    }
}

private struct Parser {
    let s: [Unicode.Scalar]
    let limit: Int
    var i = 0
    var out: [SVGPathData.Command] = []
    var current = Point.zero
    var subpathStart = Point.zero
    /// The last command's second control point (C/S) or control point (Q/T), for reflections.
    var lastCubicControl: Point?
    var lastQuadControl: Point?

    init(_ s: [Unicode.Scalar], limit: Int) { self.s = s; self.limit = limit }

    mutating func run() throws(SVGPathData.ParseError) {
        skipSeparators()
        guard i < s.count else { throw fail("the path is empty; it must start with M (moveto)") }
        var command: Unicode.Scalar = " "
        var first = true
        while true {
            skipSeparators()
            guard i < s.count else { break }
            let c = s[i]
            if "MmLlHhVvCcSsQqTtAaZz".unicodeScalars.contains(c) {
                command = c
                i += 1
            } else if first {
                throw fail("the path must start with M (moveto), found '\(c)'")
            } else if command == "Z" || command == "z" || !startsNumber(c) {
                throw fail("unexpected '\(c)' in the path; expected a command letter (M, L, H, V, C, S, Q, T, A, Z)")
            }
            // A number without a command letter repeats the last command (after M/m: L/l).
            if first && command != "M" && command != "m" {
                i -= 1  // point at the letter
                throw fail("the path must start with M (moveto), found '\(command)'")
            }
            first = false
            try one(command)
            if command == "M" { command = "L" } else if command == "m" { command = "l" }
            if out.count > limit { throw fail("the path has more than \(limit) segments") }
        }
    }

    mutating func one(_ c: Unicode.Scalar) throws(SVGPathData.ParseError) {
        let relative = c.properties.isLowercase
        let base = relative ? current : .zero
        func abs(_ p: Point) -> Point { p + base }
        switch c {
        case "M", "m":
            let p = abs(try point())
            out.append(.move(p)); current = p; subpathStart = p
            lastCubicControl = nil; lastQuadControl = nil
        case "L", "l":
            let p = abs(try point())
            line(to: p)
        case "H", "h":
            let x = try number()
            line(to: Point(relative ? current.x + x : x, current.y))
        case "V", "v":
            let y = try number()
            line(to: Point(current.x, relative ? current.y + y : y))
        case "C", "c":
            let c1 = abs(try point()), c2 = abs(try point()), p = abs(try point())
            cubic(c1, c2, p)
        case "S", "s":
            let c1 = lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = abs(try point()), p = abs(try point())
            cubic(c1, c2, p)
        case "Q", "q":
            let q = abs(try point()), p = abs(try point())
            quad(q, p)
        case "T", "t":
            let q = lastQuadControl.map { current * 2 - $0 } ?? current
            let p = abs(try point())
            quad(q, p)
        case "A", "a":
            let rx = try number(), ry = try number(), rotation = try number()
            let large = try flag(), sweep = try flag()
            let p = abs(try point())
            arc(rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep, to: p)
        default:  // Z, z
            out.append(.close)
            current = subpathStart
            lastCubicControl = nil; lastQuadControl = nil
        }
    }

    mutating func line(to p: Point) {
        out.append(.line(p)); current = p
        lastCubicControl = nil; lastQuadControl = nil
    }

    mutating func cubic(_ c1: Point, _ c2: Point, _ p: Point) {
        out.append(.cubic(c1, c2, p)); current = p
        lastCubicControl = c2; lastQuadControl = nil
    }

    mutating func quad(_ q: Point, _ p: Point) {
        out.append(.quad(q, p)); current = p
        lastQuadControl = q; lastCubicControl = nil
    }

    /// SVG 1.1 implementation notes F.6.5-F.6.6: endpoint to center form, then
    /// cubic Béziers of at most 90° each (control length 4/3·tan(δ/4)).
    mutating func arc(rx: Double, ry: Double, degrees: Double, large: Bool, sweep: Bool, to p: Point) {
        let p0 = current
        if p0 == p { return }  // SVG: an arc to the current point is omitted
        var rx = Swift.abs(rx), ry = Swift.abs(ry)
        if rx == 0 || ry == 0 { return line(to: p) }
        let phi = degrees * .pi / 180, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx2 = (p0.x - p.x) / 2, dy2 = (p0.y - p.y) / 2
        let x1 = cosPhi * dx2 + sinPhi * dy2, y1 = -sinPhi * dx2 + cosPhi * dy2
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { rx *= lambda.squareRoot(); ry *= lambda.squareRoot() }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coef = (large == sweep ? -1.0 : 1.0) * (den > 0 ? max(0, num / den).squareRoot() : 0)
        let cxp = coef * rx * y1 / ry, cyp = -coef * ry * x1 / rx
        let cx = cosPhi * cxp - sinPhi * cyp + (p0.x + p.x) / 2
        let cy = sinPhi * cxp + cosPhi * cyp + (p0.y + p.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
            atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        }
        let theta1 = angle(1, 0, (x1 - cxp) / rx, (y1 - cyp) / ry)
        var delta = angle((x1 - cxp) / rx, (y1 - cyp) / ry, (-x1 - cxp) / rx, (-y1 - cyp) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        func point(_ t: Double) -> Point {
            Point(cx + rx * cosPhi * cos(t) - ry * sinPhi * sin(t), cy + rx * sinPhi * cos(t) + ry * cosPhi * sin(t))
        }
        func derivative(_ t: Double) -> Point {
            Point(-rx * cosPhi * sin(t) - ry * sinPhi * cos(t), -rx * sinPhi * sin(t) + ry * cosPhi * cos(t))
        }
        let pieces = max(1, Int((Swift.abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(pieces)
        let k = 4.0 / 3.0 * tan(step / 4)
        var t = theta1
        for piece in 0..<pieces {
            let a = point(t), b = piece == pieces - 1 ? p : point(t + step)
            cubic(a + derivative(t) * k, b - derivative(t + step) * k, b)
            t += step
        }
    }

    // MARK: Tokens

    mutating func skipSeparators() {
        while i < s.count, s[i] == " " || s[i] == "\t" || s[i] == "\n" || s[i] == "\r" || s[i] == "\u{0C}" || s[i] == "," {
            i += 1
        }
    }

    func startsNumber(_ c: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(c) || c == "." || c == "-" || c == "+"
    }

    mutating func point() throws(SVGPathData.ParseError) -> Point {
        let x = try number()
        let y = try number()
        return Point(x, y)
    }

    mutating func number() throws(SVGPathData.ParseError) -> Double {
        skipSeparators()
        let start = i
        if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
        var digits = 0
        while i < s.count, ("0"..."9").contains(s[i]) { i += 1; digits += 1 }
        if i < s.count, s[i] == "." {
            i += 1
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1; digits += 1 }
        }
        guard digits > 0 else {
            i = start
            let found = i < s.count ? "'\(s[i])'" : "the end of the path"
            throw fail("expected a number in the path, found \(found)")
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
            if j < s.count, ("0"..."9").contains(s[j]) {
                while j < s.count, ("0"..."9").contains(s[j]) { j += 1 }
                i = j
            }
        }
        let text = String(String.UnicodeScalarView(s[start..<i]))
        guard let v = Double(text), v.isFinite else {
            i = start
            throw fail("the number '\(text)' in the path is not finite")
        }
        return v
    }

    /// An arc flag: a single 0 or 1 (may touch the next number: `a10 10 0 0110 10`).
    mutating func flag() throws(SVGPathData.ParseError) -> Bool {
        skipSeparators()
        guard i < s.count, s[i] == "0" || s[i] == "1" else {
            let found = i < s.count ? "'\(s[i])'" : "the end of the path"
            throw fail("expected an arc flag (0 or 1) in the path, found \(found)")
        }
        i += 1
        return s[i - 1] == "1"
    }

    func fail(_ message: String) -> SVGPathData.ParseError {
        SVGPathData.ParseError(message: message, offset: min(i, s.count))
    }
}
