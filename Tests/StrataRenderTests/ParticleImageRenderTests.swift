import StrataModel
import XCTest
@testable import StrataRender

/// Emitter cell images: the color multiplies the image, contentsRect and
/// contentsScale size the sprite, spin turns it, surfaces are made once.
final class ParticleImageRenderTests: XCTestCase {
    /// A `width` x `height` image whose every pixel is `pixel` (premultiplied r, g, b, a).
    func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> RGBA) -> Pixmap {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                bytes += [UInt8(p[2]), UInt8(p[1]), UInt8(p[0]), UInt8(p[3])]
            }
        }
        return Pixmap(width: width, height: height, pixels: bytes)
    }

    func particle(_ image: ParticleImage, at center: Point = Point(10, 10), scale: Double = 1, angle: Double = 0,
                  color: Color = .white) -> Particle {
        Particle(center: center, z: 0, sprite: .image(image), scale: scale, angle: angle, color: color)
    }

    func tree(_ particles: [Particle], additive: Bool = false, opacity: Double = 1) -> RenderTree {
        var n = Fixture.layer("root.emitter", Rect(0, 0, 20, 20), opacity: opacity)
        n.content = .particles(ParticleContent(particles: particles, additive: additive))
        return Fixture.tree(20, 20, [n])
    }

    func box(_ p: Pixmap) -> [Int] {
        guard let b = p.paintedBox else { return [] }
        return [b.minX, b.minY, b.maxX, b.maxY]
    }

    func testWhiteImageTakesTheColor() throws {
        let white = ParticleImage(key: "white", pixmap: image(4, 4) { _, _ in [255, 255, 255, 255] })
        // A 4x4 sprite centred on (10, 10): pixels 8...11, every one sampled at a texel centre.
        let orange = try Fixture.render(tree([particle(white, color: Color(1, 0.5, 0, 1))]))
        XCTAssertEqual(box(orange), [8, 8, 11, 11])
        XCTAssertEqual(orange.rgba(8, 8), [255, 128, 0, 255])
        XCTAssertEqual(orange.rgba(11, 11), [255, 128, 0, 255])
        // Half-transparent white pixels times a half-transparent color: a quarter.
        let soft = ParticleImage(key: "soft", pixmap: image(4, 4) { _, _ in [128, 128, 128, 128] })
        let tinted = try Fixture.render(tree([particle(soft, color: Color(1, 0.5, 0.25, 0.5))]))
        XCTAssertEqual(tinted.rgba(9, 9), [64, 32, 16, 64])
        // The layer's opacity multiplies too.
        let faded = try Fixture.render(tree([particle(white, color: Color(0, 0, 1, 1))], opacity: 0.5))
        XCTAssertEqual(faded.rgba(9, 9), [0, 0, 128, 128])
    }

    func testColoredImageIsMultipliedPerComponent() throws {
        let colored = ParticleImage(key: "c", pixmap: image(4, 4) { _, _ in [200, 100, 50, 255] })
        // Tinted: (200, 100, 50) x (0.5, 1, 0.2).
        let tinted = try Fixture.render(tree([particle(colored, color: Color(0.5, 1, 0.2, 1))]))
        XCTAssertEqual(tinted.rgba(9, 9), [100, 100, 10, 255])
        // White at half alpha: the image's own colors, half covered.
        let half = try Fixture.render(tree([particle(colored, color: Color(1, 1, 1, 0.5))]))
        XCTAssertEqual(half.rgba(9, 9), [100, 50, 25, 128])
        // Both: every component, alpha included.
        let both = try Fixture.render(tree([particle(colored, color: Color(0.5, 1, 0.2, 0.5))]))
        XCTAssertEqual(both.rgba(9, 9), [50, 50, 5, 128])
        // Opaque white leaves the image as it is.
        let plain = try Fixture.render(tree([particle(colored)]))
        XCTAssertEqual(plain.rgba(9, 9), [200, 100, 50, 255])
        // Per particle: two colors in one frame each get theirs.
        let two = try Fixture.render(tree([particle(colored, at: Point(5, 10), color: Color(0, 1, 0, 1)),
                                           particle(colored, at: Point(15, 10), color: Color(1, 0, 0, 1))]))
        XCTAssertEqual(two.rgba(4, 9), [0, 100, 0, 255])
        XCTAssertEqual(two.rgba(14, 9), [200, 0, 0, 255])
    }

    func testContentsRectAndScaleSizeTheSprite() throws {
        // Left half red, right half blue; show the right half at 2 pixels per point.
        let sheet = image(8, 4) { x, _ in x < 4 ? [255, 0, 0, 255] : [0, 0, 255, 255] }
        let right = ParticleImage(key: "sheet", pixmap: sheet, contentsRect: Rect(0.5, 0, 0.5, 1), contentsScale: 2)
        XCTAssertEqual(right.size, Size(2, 2))
        let small = try Fixture.render(tree([particle(right)]))
        XCTAssertEqual(box(small), [9, 9, 10, 10])
        XCTAssertEqual(small.rgba(9, 9)[3], 255)
        XCTAssertEqual(small.rgba(9, 9)[0], 0, "only blue pixels are shown")
        // The particle's scale multiplies: 6 x 6 points.
        let big = try Fixture.render(tree([particle(right, scale: 3)]))
        XCTAssertEqual(box(big), [7, 7, 12, 12])
        XCTAssertEqual(big.rgba(7, 7), [0, 0, 255, 255])
    }

    func testASmallImageScaledUpKeepsSharpSides() throws {
        // Core Animation samples a cell's texture clamped to its edge: a 1x1
        // white image scaled 6 times is a 6-point square, not a blur.
        let dot = ParticleImage(key: "dot", pixmap: image(1, 1) { _, _ in [255, 255, 255, 255] })
        let square = try Fixture.render(tree([particle(dot, scale: 6, color: Color(1, 0, 0, 1))]))
        XCTAssertEqual(box(square), [7, 7, 12, 12])
        XCTAssertEqual(square.rgba(7, 12), [255, 0, 0, 255])
        // Half a pixel to the right: the side columns are half covered.
        let shifted = try Fixture.render(tree([particle(dot, at: Point(10.5, 10), scale: 6)]))
        XCTAssertEqual(box(shifted), [7, 7, 13, 12])
        XCTAssertEqual(shifted.rgba(7, 9), [128, 128, 128, 128])
        XCTAssertEqual(shifted.rgba(13, 9), [128, 128, 128, 128])
        XCTAssertEqual(shifted.rgba(10, 9), [255, 255, 255, 255])
        // Smaller than a pixel: its area.
        let speck = try Fixture.render(tree([particle(dot, at: Point(10.5, 10.5), scale: 0.5)]))
        XCTAssertEqual(box(speck), [10, 10, 10, 10])
        XCTAssertEqual(speck.rgba(10, 10), [64, 64, 64, 64])
    }

    func testTexelsInterpolateBilinearlyAndClampToTheEdge() throws {
        // Black and white texels stretched 4 times: 8 pixels from x = 6,
        // sampled at u = (x + 0.5 - 6) / 4, flat past the outer texel centres.
        let ramp = ParticleImage(key: "ramp", pixmap: image(2, 1) { x, _ in x == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] })
        let p = try Fixture.render(tree([particle(ramp, scale: 4)]))
        let row = (6...13).map { p.rgba($0, 10)[0] }
        for (got, want) in zip(row, [0, 0, 32, 96, 159, 223, 255, 255]) {
            XCTAssertEqual(Double(got), Double(want), accuracy: 1, "\(row)")
        }
        XCTAssertEqual((6...13).map { p.rgba($0, 10)[3] }, Array(repeating: 255, count: 8))
    }

    func testExtremeParticlesNeitherTrapNorHang() throws {
        let img = ParticleImage(key: "i", pixmap: image(3, 2) { _, _ in [10, 20, 30, 255] })
        let wide = ParticleImage(key: "w", pixmap: image(3, 2) { _, _ in [10, 20, 30, 255] }, contentsRect: Rect(-1e6, 0, 2e6, 1e-3))
        let particles = [particle(img, scale: 1e-9), particle(img, scale: 1e9), particle(img, at: Point(1e12, -1e12)),
                         particle(img, at: Point(10, 10), scale: 1e5, angle: 1e6), particle(img, scale: 1e-300),
                         particle(wide), particle(img, scale: 2, angle: .pi / 4)]
        var n = Fixture.layer("root.emitter", Rect(0, 0, 20, 20),
                              transform: Transform3D(m11: 1e8, m12: 0, m13: 0, m14: 0, m21: 1e8, m22: 1e-8, m23: 0, m24: 0,
                                                     m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1))
        n.content = .particles(ParticleContent(particles: particles, additive: false))
        _ = try Fixture.render(Fixture.tree(20, 20, [n]))
        // Without the skew, the huge particle covers everything in its color.
        let covered = try Fixture.render(tree(particles, additive: true))
        XCTAssertEqual(covered.rgba(0, 0)[3], 255)
    }

    func testSpinTurnsTheImage() throws {
        // 2 x 6 points, turned a quarter: 6 wide, 2 high, with the top row (green) on the right.
        let bar = image(2, 6) { _, y in y == 0 ? [0, 255, 0, 255] : [255, 0, 0, 255] }
        let turned = try Fixture.render(tree([particle(ParticleImage(key: "bar", pixmap: bar), angle: Double.pi / 2)]))
        XCTAssertEqual(box(turned), [7, 9, 12, 10])
        XCTAssertEqual(turned.rgba(12, 9), [0, 255, 0, 255])
        XCTAssertEqual(turned.rgba(7, 9), [255, 0, 0, 255])
    }

    func testAdditiveImagesAddTheirLight() throws {
        let soft = ParticleImage(key: "soft", pixmap: image(4, 4) { _, _ in [128, 128, 128, 128] })
        let p = particle(soft, color: Color(1, 0, 0, 1))
        let added = try Fixture.render(tree([p, p], additive: true))
        XCTAssertEqual(added.rgba(9, 9), [255, 0, 0, 255])
        let over = try Fixture.render(tree([p, p]))
        XCTAssertEqual(over.rgba(9, 9), [192, 0, 0, 192])
    }

    func testTexelsAreCopiedOncePerRendererAndEveryTargetGivesTheSamePixels() throws {
        let pixmap = image(6, 6) { x, y in [x * 40, y * 40, 100, 255] }
        let whole = ParticleImage(key: "img", pixmap: pixmap)
        let part = ParticleImage(key: "img", pixmap: pixmap, contentsRect: Rect(0, 0, 0.5, 0.5))
        var many: [Particle] = []
        for i in 0..<50 {
            many.append(particle(i % 2 == 0 ? whole : part, at: Point(Double(i % 20), Double(i / 3)), scale: 1.5,
                                 angle: Double(i) * 0.3, color: Color(1, Double(i % 5) / 4, 1, 0.9)))
        }
        // The texels are copied once per image and shown rect, then reused
        // by every particle and frame; a warm renderer and a fresh one give the same bytes.
        let renderer = FrameRenderer()
        let first = try renderer.render(tree(many))
        XCTAssertEqual(renderer.cache.made, 2)
        XCTAssertEqual(try renderer.render(tree(many)), first)
        XCTAssertEqual(renderer.cache.made, 2)
        XCTAssertEqual(try FrameRenderer().render(tree(many)), first)
        // Another image under the same key (another scene) gets its own copy.
        let other = ParticleImage(key: "img", pixmap: image(6, 6) { _, _ in [0, 0, 0, 255] })
        XCTAssertEqual(try renderer.render(tree([particle(other)])).rgba(10, 10), [0, 0, 0, 255])
        XCTAssertEqual(renderer.cache.made, 3)

        // Inside an offscreen group (a translucent parent with two painting
        // children): the group's pixels are offset; the particle lands where it should.
        let white = ParticleImage(key: "w", pixmap: image(4, 4) { _, _ in [255, 255, 255, 255] })
        var emitter = Fixture.layer("root.group.emitter", Rect(3, 2, 10, 10))
        emitter.content = .particles(ParticleContent(particles: [particle(white, at: Point(5, 5))], additive: false))
        let group = Fixture.layer("root.group", Rect(2, 3, 16, 16), opacity: 0.5,
                                  children: [Fixture.layer("root.group.bg", Rect(0, 0, 2, 2), background: Fixture.blue), emitter])
        let grouped = try Fixture.render(Fixture.tree(20, 20, [group]))
        // Centre (2 + 3 + 5, 3 + 2 + 5) = (10, 10): pixels 8...11 (and the blue square at 2...3).
        XCTAssertEqual(box(grouped), [2, 3, 11, 11])
        XCTAssertEqual(grouped.rgba(8, 8), [128, 128, 128, 128])
    }

    func testAClipTheBlitterCannotFollowGoesThroughAScratchBitmap() throws {
        let white = ParticleImage(key: "w", pixmap: image(4, 4) { _, _ in [255, 255, 255, 255] })
        let particles = [particle(white, at: Point(4, 4), scale: 2, color: Color(0, 1, 0, 1)),
                         particle(white, at: Point(12, 12), scale: 2, color: Color(1, 0, 0, 0.5))]
        func render(cornerRadius: Double) throws -> Pixmap {
            var n = Fixture.layer("root.emitter", Rect(2, 2, 16, 16), cornerRadius: cornerRadius, masksToBounds: true)
            n.content = .particles(ParticleContent(particles: particles, additive: false))
            return try Fixture.render(Fixture.tree(20, 20, [n]))
        }
        // A pixel-aligned rectangle clip: written directly; a rounded one: through the scratch.
        let direct = try render(cornerRadius: 0), scratch = try render(cornerRadius: 6)
        XCTAssertEqual(box(direct), [2, 2, 17, 17])
        XCTAssertEqual(direct.rgba(2, 2), [0, 255, 0, 255])
        XCTAssertEqual(direct.rgba(14, 14), [128, 0, 0, 128])
        for (x, y) in [(6, 6), (9, 9), (14, 14), (17, 9)] {
            XCTAssertEqual(scratch.rgba(x, y), direct.rgba(x, y), "(\(x), \(y))")
        }
        // The rounded corner clips the first particle's corner away.
        XCTAssertEqual(scratch.rgba(2, 2), [0, 0, 0, 0])
    }
}
