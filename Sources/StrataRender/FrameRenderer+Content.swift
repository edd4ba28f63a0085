import CCairo
import StrataModel

extension FrameRenderer {
    /// Whether the node's content paints anything: it then counts as a fill
    /// for group opacity and for the painted box.
    func contentPaints(_ node: RenderNode) -> Bool {
        switch node.content {
        case .none: return false
        }
    }

    /// Draws the node's own content in its bounds space; `cr` already has the
    /// node's matrix. `alpha` multiplies everything drawn.
    func drawContent(_ node: RenderNode, alpha: Double, cr: OpaquePointer) {
        switch node.content {
        case .none: break
        }
    }
}
