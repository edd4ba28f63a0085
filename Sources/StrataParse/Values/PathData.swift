import StrataModel

/// SVG path data (SVG 1.1 section 8.3): `M m L l H h V v C c S s Q q T t A a
/// Z z`, numbers separated by whitespace and/or commas (or by signs and
/// dots alone: `M10-5.5.5`), repeated argument groups (after a move,
/// extra pairs are lines), compact arc flags (`a5 5 0 1050 50`).
/// The result is normalized (see BezierPath): quadratics and arcs become
/// cubics, H and V become lines.
struct PathDataParser {
    /// A syntax error at `offset` (Unicode scalars into the text).
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    private let chars: [Unicode.Scalar]
    private var i = 0
    private var elements: [BezierPath.Element] = []
    private var current = Point.zero
    private var subpathStart = Point.zero
    /// The second control point of the last C/S or the control point of the
    /// last Q/T (for S and T reflections), with the command kind.
    private var lastCubicControl: Point?
    private var lastQuadControl: Point?

    /// Path data as the JSON Schema matches it: empty, or a move command
    /// then commands, numbers and separators (the parser checks the rest).
    static let schemaPattern = "^\\s*([Mm][\\s,0-9.eE+MmLlHhVvCcSsQqTtAaZz-]*)?$"

    static func parse(_ text: String) -> Result<BezierPath, Failure> {
        var parser = PathDataParser(chars: Array(text.unicodeScalars))
        do {
            try parser.run()
            return .success(BezierPath(parser.elements))
        } catch {
            return .failure(error)
        }
    }

    private init(chars: [Unicode.Scalar]) { self.chars = chars }

    private static let argumentCounts: [Unicode.Scalar: Int] = [
        "M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0,
    ]
    private static let names: [Unicode.Scalar: String] = [
        "M": "move", "L": "line", "H": "horizontal line", "V": "vertical line", "C": "curve",
        "S": "smooth curve", "Q": "quadratic curve", "T": "smooth quadratic curve", "A": "arc", "Z": "close",
    ]

    private mutating func run() throws(Failure) {
        skipSeparators(commas: false)
        guard i < chars.count else { return }
        var command = chars[i]
        guard command == "M" || command == "m" else {
            if isNumberStart(chars[i]) {
                throw Failure(offset: i, message: "path data must start with a move command (M or m), found a number")
            }
            throw Failure(offset: i, message: "path data must start with a move command (M or m), found '\(command)'")
        }
        while i < chars.count {
            let commandOffset = i
            command = chars[i]
            let upper = command.isASCII ? Unicode.Scalar(UInt8(command.value) & ~0x20) : command
            guard let count = Self.argumentCounts[upper], command.properties.isAlphabetic else {
                throw Failure(offset: i, message: "unknown path command '\(command)'; expected one of M L H V C S Q T A Z (or lower case for relative)")
            }
            i += 1
            let relative = command != upper
            if count == 0 {
                close()
                skipSeparators(commas: false)
                continue
            }
            var repeatCommand = upper
            var first = true
            // One argument group, then more as long as numbers follow.
            repeat {
                var args: [Double] = []
                for n in 0..<count {
                    skipSeparators(commas: !(n == 0 && first))
                    if upper == "A" && (n == 3 || n == 4) {
                        args.append(try flag(upper, n, count))
                    } else {
                        args.append(try number(for: upper, argument: n, of: count, commandOffset: commandOffset))
                    }
                }
                try apply(repeatCommand, args, relative: relative)
                if elements.count > Limits.maxPathElements {
                    throw Failure(offset: commandOffset, message: "the path has more than \(Limits.maxPathElements) elements")
                }
                // Extra pairs after a move are lines (SVG's rule).
                if repeatCommand == "M" { repeatCommand = "L" }
                first = false
                skipSeparators(commas: true)
            } while i < chars.count && isNumberStart(chars[i])
        }
    }

    private mutating func apply(_ c: Unicode.Scalar, _ a: [Double], relative: Bool) throws(Failure) {
        func point(_ x: Double, _ y: Double) -> Point { relative ? Point(current.x + x, current.y + y) : Point(x, y) }
        switch c {
        case "M":
            let p = point(a[0], a[1])
            elements.append(.move(p))
            current = p; subpathStart = p
            lastCubicControl = nil; lastQuadControl = nil
        case "L":
            lineTo(point(a[0], a[1]))
        case "H":
            lineTo(Point(relative ? current.x + a[0] : a[0], current.y))
        case "V":
            lineTo(Point(current.x, relative ? current.y + a[0] : a[0]))
        case "C":
            curveTo(point(a[0], a[1]), point(a[2], a[3]), point(a[4], a[5]))
        case "S":
            let c1 = lastCubicControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            curveTo(c1, point(a[0], a[1]), point(a[2], a[3]))
        case "Q":
            quadTo(point(a[0], a[1]), point(a[2], a[3]))
        case "T":
            let q = lastQuadControl.map { Point(2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
            quadTo(q, point(a[0], a[1]))
        case "A":
            let end = point(a[5], a[6])
            let arc = BezierPath.arc(from: current, radii: (a[0], a[1]), xAxisRotation: a[2] * Double.pi / 180,
                                     largeArc: a[3] != 0, sweep: a[4] != 0, to: end)
            elements.append(contentsOf: arc)
            current = end
            lastCubicControl = nil; lastQuadControl = nil
        default:
            break
        }
    }

    private mutating func lineTo(_ p: Point) {
        elements.append(.line(p))
        current = p
        lastCubicControl = nil; lastQuadControl = nil
    }

    private mutating func curveTo(_ c1: Point, _ c2: Point, _ p: Point) {
        elements.append(.cubic(c1, c2, p))
        current = p
        lastCubicControl = c2; lastQuadControl = nil
    }

    /// A quadratic as the cubic with the same curve (control points 2/3 of
    /// the way to the quadratic's control point).
    private mutating func quadTo(_ q: Point, _ p: Point) {
        let c1 = Point(current.x + 2.0 / 3.0 * (q.x - current.x), current.y + 2.0 / 3.0 * (q.y - current.y))
        let c2 = Point(p.x + 2.0 / 3.0 * (q.x - p.x), p.y + 2.0 / 3.0 * (q.y - p.y))
        elements.append(.cubic(c1, c2, p))
        current = p
        lastQuadControl = q; lastCubicControl = nil
    }

    private mutating func close() {
        elements.append(.close)
        current = subpathStart
        lastCubicControl = nil; lastQuadControl = nil
    }

    // MARK: Lexing

    private func isNumberStart(_ c: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(c) || c == "-" || c == "+" || c == "."
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }

    /// Skips whitespace and, when allowed, one comma between arguments.
    private mutating func skipSeparators(commas: Bool) {
        while i < chars.count && Self.isSpace(chars[i]) { i += 1 }
        if commas, i < chars.count, chars[i] == "," {
            i += 1
            while i < chars.count && Self.isSpace(chars[i]) { i += 1 }
        }
    }

    private func what(_ command: Unicode.Scalar, _ n: Int, _ count: Int) -> String {
        "argument \(n + 1) of \(count) of '\(command)' (\(Self.names[command] ?? ""))"
    }

    private func found() -> String {
        guard i < chars.count else { return "the end of the path" }
        return chars[i] == "," ? "an extra ','" : "'\(chars[i])'"
    }

    /// An SVG number: sign, digits, optional fraction, optional exponent.
    private mutating func number(for command: Unicode.Scalar, argument n: Int, of count: Int,
                                 commandOffset: Int) throws(Failure) -> Double {
        let start = i
        var j = i
        if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
        var digits = 0
        while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1; digits += 1 }
        if j < chars.count, chars[j] == "." {
            j += 1
            while j < chars.count, ("0"..."9").contains(chars[j]) { j += 1; digits += 1 }
        }
        guard digits > 0 else {
            throw Failure(offset: start, message: "expected a number for \(what(command, n, count)), found \(found())")
        }
        if j < chars.count, chars[j] == "e" || chars[j] == "E" {
            var k = j + 1
            if k < chars.count, chars[k] == "+" || chars[k] == "-" { k += 1 }
            var expDigits = 0
            while k < chars.count, ("0"..."9").contains(chars[k]) { k += 1; expDigits += 1 }
            if expDigits > 0 { j = k }
        }
        let text = String(String.UnicodeScalarView(chars[start..<j]))
        i = j
        guard let v = Double(text), v.isFinite else {
            throw Failure(offset: start, message: "the number '\(text)' is out of range")
        }
        return v
    }

    /// An arc flag: a single `0` or `1` (it needs no separator after it).
    private mutating func flag(_ command: Unicode.Scalar, _ n: Int, _ count: Int) throws(Failure) -> Double {
        guard i < chars.count, chars[i] == "0" || chars[i] == "1" else {
            let name = n == 3 ? "large-arc flag" : "sweep flag"
            throw Failure(offset: i, message: "expected the \(name) 0 or 1 for \(what(command, n, count)), found \(found())")
        }
        let v: Double = chars[i] == "1" ? 1 : 0
        i += 1
        return v
    }
}
