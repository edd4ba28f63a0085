import Foundation
import XCTest

@testable import StrataCompiler

/// Issue #13: temporaries of processes killed outright are removed by the
/// next render to the same output; a live process's, and another machine's, are left alone.
final class TemporaryOutputsTests: XCTestCase {
    func testTheOwnerOfATemporaryIsReadFromItsName() {
        let owner = TemporaryOutputs.owner(ofTemporary: ".out.mp4.strata-4242@node-7.lab-17.tmp", for: "out.mp4")
        XCTAssertEqual(owner?.pid, 4242)
        XCTAssertEqual(owner?.host, "node-7.lab")
        XCTAssertEqual(TemporaryOutputs.owner(ofTemporary: ".frames.strata-7@h-0.tmp", for: "frames")?.pid, 7)
        for other in [".out.mp4.strata-4242@h-17.tmp.x", ".out.mp4.strata-x@h-17.tmp", ".out.mp4.strata-4242@h.tmp",
                      ".other.mp4.strata-4242@h-17.tmp", "out.mp4.strata-4242@h-17.tmp", ".out.mp4.strata-0@h-1.tmp",
                      ".out.mp4.strata-4242-17.tmp"] {
            XCTAssertNil(TemporaryOutputs.owner(ofTemporary: other, for: "out.mp4"), other)
        }
        let made = URL(fileURLWithPath: TemporaryOutputs.shared.temporaryPath(for: "/nonexistent/out.mp4")).lastPathComponent
        XCTAssertEqual(TemporaryOutputs.owner(ofTemporary: made, for: "out.mp4")?.pid, getpid())
        XCTAssertEqual(TemporaryOutputs.owner(ofTemporary: made, for: "out.mp4")?.host, TemporaryOutputs.host)
    }

    func testOnlyTemporariesOfThisMachinesProcessesThatAreGoneAreRemoved() throws {
        let dir = try CLIHarness.temporaryFolder(self)
        // A process that has ended: its pid is free (until the system reuses it).
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let gone = ended.processIdentifier, host = TemporaryOutputs.host
        let dead = ".out.mp4.strata-\(gone)@\(host)-1.tmp"
        let live = ".out.mp4.strata-\(getpid())@\(host)-2.tmp"
        let folder = ".out.mp4.strata-\(gone)@\(host)-3.tmp"
        let elsewhere = ".out.mp4.strata-\(gone)@\(host)x-4.tmp"
        let other = ".x.mp4.strata-\(gone)@\(host)-1.tmp"
        for name in [dead, live, elsewhere, other] { try Data().write(to: URL(fileURLWithPath: dir + "/" + name)) }
        try FileManager.default.createDirectory(atPath: dir + "/" + folder + "/sub", withIntermediateDirectories: true)
        TemporaryOutputs.removeStale(of: "out.mp4", in: dir)
        XCTAssertEqual(CLIHarness.files(in: dir), [live, elsewhere, other].sorted())
    }
}
