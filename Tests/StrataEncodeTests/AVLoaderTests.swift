import CAVLoader
import XCTest

/// CAVLoader's generated functions (Sources/CAVLoader/functions.c) against the
/// installed FFmpeg: every library opens and every function strata calls resolves.
final class AVLoaderTests: XCTestCase {
    func testEveryLazilyLoadedFunctionResolves() {
        let error = strata_av_loader_check().map { String(cString: $0) }
        XCTAssertNil(error)
    }
}
