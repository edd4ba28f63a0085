// swift-tools-version:6.0
// Strata: a declarative Core Animation scene compiler (YAML -> MP4 / PNG).
// Stages are modules with one-way dependencies; see docs/architecture.md.
import PackageDescription
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        // libavfilter (GIF palettes) and libswresample (audio tracks to the soundtrack's rate).
        .systemLibrary(name: "CAVFilter", pkgConfig: "libavfilter", providers: [.apt(["libavfilter-dev"])]),
        .systemLibrary(name: "CSwresample", pkgConfig: "libswresample", providers: [.apt(["libswresample-dev"])]),
        // fontconfig and Pango font maps (font files, family lookup) for text layers.
        .systemLibrary(name: "CFont", pkgConfig: "pangoft2",
                       providers: [.apt(["libpango1.0-dev", "libfontconfig-dev"])]),
        // The preview server's HTTP (libmicrohttpd: parsing, connections, thread pool).
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),
        // SVG documents (librsvg renders into Cairo) and Lottie animations (rlottie), for `contents`.
        .systemLibrary(name: "CRSVG", pkgConfig: "librsvg-2.0", providers: [.apt(["librsvg2-dev"])]),
        .systemLibrary(name: "CLottie", pkgConfig: "rlottie", providers: [.apt(["librlottie-dev"])]),
        // libpng through a tiny C target that owns setjmp (libpng reports errors with longjmp).
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),

        // Stages.
        .target(name: "StrataModel"),
        .target(name: "StrataLayout", dependencies: ["StrataModel"]),
        // The front end validates constraint references and cycles with StrataLayout's graph,
        // decodes `contents` images through StrataImage, opens media through StrataMedia and
        // audio files through StrataEncode.
        .target(name: "StrataParse", dependencies: ["StrataModel", "StrataLayout", "StrataImage", "StrataMedia", "StrataEncode", "CYAML", "CFont"]),
        // Decodes `contents` images (PNG via CPNG, JPEG/WebP via libavcodec) at load time.
        .target(name: "StrataImage", dependencies: ["StrataModel", "CPNG", "CAV"]),
        // Media `contents` whose pixels are made when drawn: video frames (libavcodec, exact
        // to the frame), SVG (librsvg) and Lottie (rlottie) at the scale they are shown.
        .target(name: "StrataMedia", dependencies: ["StrataModel", "StrataImage", "StrataEncode", "CAV", "CRSVG", "CLottie"]),
        // The timeline compiler lays the model tree out again after transactions (layout over time).
        .target(name: "StrataTimeline", dependencies: ["StrataModel", "StrataLayout"]),
        // Optimized in debug builds too: unoptimized pixel loops make the
        // render tests (every scene, several frames) take minutes.
        .target(name: "StrataRender", dependencies: ["StrataModel", "CCairo", "CFont"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        // PNG decoding is StrataImage's (one decoder for contents images and goldens).
        .target(name: "StrataEncode", dependencies: ["StrataModel", "StrataImage", "CPNG", "CAV", "CAVFilter", "CSwresample"]),
        // The scene's audio tracks mixed into one soundtrack (decoded by StrataEncode's AudioFile).
        .target(name: "StrataAudio", dependencies: ["StrataModel", "StrataEncode"]),
        .target(name: "StrataCheck", dependencies: ["StrataModel"]),
        .target(name: "StrataCompiler", dependencies: [
            "StrataModel", "StrataParse", "StrataTimeline", "StrataRender", "StrataEncode", "StrataCheck",
            "StrataLayout", "StrataAudio",
        ]),
        // The authoring loop: `strata preview` (HTTP server, browser page) and `strata watch`.
        .target(name: "StrataPreview", dependencies: [
            "StrataCompiler", "StrataModel", "StrataParse", "StrataRender", "StrataEncode", "CMicroHTTPD",
        ]),
        // The command line: option and command declarations, parsing, help, man page, completions.
        .executableTarget(name: "strata", dependencies: [
            "StrataCompiler", "StrataPreview", "StrataParse", "StrataModel", "StrataEncode", "StrataRender",
        ]),

        // Tests: one target per stage plus end-to-end CLI tests.
        .testTarget(name: "StrataModelTests", dependencies: ["StrataModel"]),
        .testTarget(name: "StrataParseTests", dependencies: ["StrataParse", "StrataTestSupport"]),
        .testTarget(name: "StrataLayoutTests", dependencies: ["StrataLayout", "StrataParse"]),
        .testTarget(name: "StrataTimelineTests", dependencies: ["StrataTimeline", "StrataParse"]),
        .testTarget(name: "StrataRenderTests", dependencies: ["StrataRender", "StrataEncode", "StrataTestSupport"]),
        // The retained renderer against the direct reference on every scene in scenes/.
        .testTarget(name: "RetainedRenderingTests", dependencies: ["StrataRender", "StrataTimeline", "StrataParse", "StrataEncode"]),
        .testTarget(name: "StrataEncodeTests", dependencies: ["StrataEncode"]),
        .testTarget(name: "StrataCheckTests", dependencies: ["StrataCheck"]),
        .testTarget(name: "StrataCLITests", dependencies: ["StrataCompiler", "StrataTestSupport"]),
        // The declarations and what is made from them, in process (plus the built binary).
        .testTarget(name: "StrataCommandLineTests", dependencies: ["strata", "StrataCompiler", "StrataEncode", "StrataModel"]),
        .testTarget(name: "StrataImageTests", dependencies: ["StrataImage"]),
        .testTarget(name: "StrataAudioTests", dependencies: ["StrataAudio", "StrataEncode"]),
        .testTarget(name: "StrataPreviewTests", dependencies: ["StrataPreview", "StrataCompiler", "StrataEncode"]),
        .testTarget(name: "StrataMediaTests", dependencies: ["StrataMedia", "StrataEncode", "StrataTestSupport"]),
        // Test fixtures shared by test targets (never a product): frame-numbered
        // videos made with VideoWriter, librsvg's and rlottie's own renderings.
        .target(name: "StrataTestSupport", dependencies: ["StrataModel", "StrataEncode", "CAV", "CRSVG", "CLottie"],
                path: "Tests/StrataTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (libFuzzer), only when `make fuzz` asks for them (STRATA_FUZZ=1,
// built with -sanitize=fuzzer,address in .build/fuzz): the normal build never
// sees them. One executable per target; what each one feeds is in Fuzz/StrataFuzz.
if getenv("STRATA_FUZZ") != nil {
    package.targets.append(.target(name: "CFuzzer", path: "Fuzz/CFuzzer"))
    package.targets.append(.target(name: "StrataFuzz", dependencies: [
        "CFuzzer", "StrataCompiler", "StrataParse", "StrataImage", "StrataRender", "StrataModel",
    ], path: "Fuzz/StrataFuzz"))
    for name in ["scene", "path", "values", "image", "frame"] {
        package.targets.append(.executableTarget(name: "fuzz-\(name)", dependencies: ["StrataFuzz"],
                                                 path: "Fuzz/Targets/\(name)"))
    }
}
