extension Limits {
    /// Bytes the frames being drawn may hold at once (each frame and its
    /// offscreen bitmaps, estimated before it is drawn: `FrameMemory`):
    /// 4 GiB unless `--memory-limit` says otherwise. A frame larger than it
    /// is an error; render threads wait while the others hold too much.
    public static let frameMemory = 4 << 30
    /// What `--memory-limit` may be set to.
    public static let frameMemoryRange = (64 << 20)...(1 << 40)
    /// Layers drawn in their own planes and depth-sorted together in one
    /// 3D context (a transform layer's sublayers, a preservesDepth
    /// replicator's copies): each plane is a bitmap of up to twice the
    /// canvas, and sorting them grows faster than their number.
    public static let maxDepthPlanes = 1024
}
