// swift-tools-version:6.0
// Strata: a declarative Core Animation scene compiler (YAML -> MP4 / PNG).
// Stages are modules with one-way dependencies; see docs/architecture.md.
import PackageDescription

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
    ],
    targets: [
        // C libraries (module maps and shim headers only).
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1",
                       providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CAV", pkgConfig: "libavformat",
                       providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev"])]),
        // fontconfig and Pango font maps (font files, family lookup) for text layers.
        .systemLibrary(name: "CFont", pkgConfig: "pangoft2",
                       providers: [.apt(["libpango1.0-dev", "libfontconfig-dev"])]),
        // libpng through a tiny C target that owns setjmp (libpng reports errors with longjmp).
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),

        // Stages.
        .target(name: "StrataModel"),
        .target(name: "StrataLayout", dependencies: ["StrataModel"]),
        // The front end validates constraint references and cycles with StrataLayout's graph,
        // and decodes `contents` images through StrataImage.
        .target(name: "StrataParse", dependencies: ["StrataModel", "StrataLayout", "StrataImage", "CYAML", "CFont"]),
        // Decodes `contents` images (PNG via CPNG, JPEG/WebP via libavcodec) at load time.
        .target(name: "StrataImage", dependencies: ["StrataModel", "CPNG", "CAV"]),
        // The timeline compiler lays the model tree out again after transactions (layout over time).
        .target(name: "StrataTimeline", dependencies: ["StrataModel", "StrataLayout"]),
        // Optimized in debug builds too: unoptimized pixel loops make the
        // render tests (every scene, several frames) take minutes.
        .target(name: "StrataRender", dependencies: ["StrataModel", "CCairo", "CFont"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "StrataEncode", dependencies: ["StrataModel", "CPNG", "CAV"]),
        .target(name: "StrataCheck", dependencies: ["StrataModel", "StrataEncode"]),
        .target(name: "StrataCompiler", dependencies: [
            "StrataModel", "StrataParse", "StrataTimeline", "StrataRender", "StrataEncode", "StrataCheck",
            "StrataLayout",
        ]),
        .executableTarget(name: "strata", dependencies: ["StrataCompiler"]),

        // Tests: one target per stage plus end-to-end CLI tests.
        .testTarget(name: "StrataModelTests", dependencies: ["StrataModel"]),
        .testTarget(name: "StrataParseTests", dependencies: ["StrataParse"]),
        .testTarget(name: "StrataLayoutTests", dependencies: ["StrataLayout", "StrataParse"]),
        .testTarget(name: "StrataTimelineTests", dependencies: ["StrataTimeline", "StrataParse"]),
        .testTarget(name: "StrataRenderTests", dependencies: ["StrataRender", "StrataEncode"]),
        // The retained renderer against the direct reference on every scene in scenes/.
        .testTarget(name: "RetainedRenderingTests", dependencies: ["StrataRender", "StrataTimeline", "StrataParse", "StrataEncode"]),
        .testTarget(name: "StrataEncodeTests", dependencies: ["StrataEncode"]),
        .testTarget(name: "StrataCheckTests", dependencies: ["StrataCheck"]),
        .testTarget(name: "StrataCLITests", dependencies: ["StrataCompiler"]),
        .testTarget(name: "StrataImageTests", dependencies: ["StrataImage"]),
    ],
    swiftLanguageModes: [.v6]
)
