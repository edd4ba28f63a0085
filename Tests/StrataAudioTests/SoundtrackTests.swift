import XCTest

@testable import StrataAudio
