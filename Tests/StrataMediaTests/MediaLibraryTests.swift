import Foundation
@testable import StrataMedia
import StrataModel
import StrataTestSupport
import XCTest

/// The library shares a file's source while scenes hold it, and lets it go
/// (decoders, open file, cached frames) when none does: what keeps a long
/// `watch` or `preview` session from growing with every edit of a clip.
final class MediaLibraryTests: XCTestCase {
    func testASourceLivesWhileAScenesHoldsItAndAnEditedFileIsANewOne() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-library-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/clip.mp4"
        try FrameNumberVideo.write(to: path, frames: 20)
        let library = MediaLibrary()
        var first: (any MediaSource)? = try library.source(path: path, kind: .video).get()
        XCTAssertTrue(first === (try library.source(path: path, kind: .video).get()), "a second load shares the source")
        XCTAssertEqual(library.openCount, 1)
        let firstFrame = MediaPixelsKey(source: first!.identity, frame: 0, width: 128, height: 64)
        XCTAssertNotNil(MediaFrameCache.shared.pixmap(firstFrame), "opening decodes (and caches) the first frame")

        // The clip is edited: the next load opens the new file; the old scene still holds the old source.
        try FrameNumberVideo.write(to: path, frames: 30)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: path)
        let second = try library.source(path: path, kind: .video).get()
        XCTAssertFalse(first === second)
        XCTAssertEqual(second.frameTimes.count, 30)
        XCTAssertEqual(library.openCount, 2)

        // The old scene is dropped: its source closes and its frames leave the cache.
        first = nil
        XCTAssertEqual(library.openCount, 1)
        XCTAssertNil(MediaFrameCache.shared.pixmap(firstFrame))
        XCTAssertTrue(second === (try library.source(path: path, kind: .video).get()))
    }

    func testAFileThatCannotBeOpenedIsTriedAgainOnTheNextLoad() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-library-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/clip.mp4"
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: path))
        let library = MediaLibrary()
        XCTAssertThrowsError(try library.source(path: path, kind: .video).get())
        XCTAssertEqual(library.openCount, 0, "failures are not kept")
        try FrameNumberVideo.write(to: path, frames: 10)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 10)], ofItemAtPath: path)
        XCTAssertEqual(try library.source(path: path, kind: .video).get().frameTimes.count, 10)
    }
}
