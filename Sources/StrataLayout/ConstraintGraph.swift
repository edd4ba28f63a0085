import StrataModel

/// The dependencies between the constraints of one superlayer's sublayers.
///
/// A node is one axis of one sublayer: its x-axis constraints can be solved
/// once the axes they read are solved. A constraint is an edge from the node
/// it reads (the sibling's axis of its `target`) to the node it sets; a
/// constraint relative to the superlayer reads the superlayer's bounds, which
/// are known before its sublayers are laid out, so it adds no edge. Splitting
/// layers by axis accepts every scene a per-layer order accepts, and more
/// (a layer's height may follow its own width).
public struct ConstraintGraph: Sendable {
    public struct Node: Sendable, Hashable {
        /// Index among the sublayers.
        public var layer: Int
        public var axis: LayoutAttribute.Axis
        public init(layer: Int, axis: LayoutAttribute.Axis) { self.layer = layer; self.axis = axis }
        var index: Int { layer * 2 + axis.rawValue }
        init(index: Int) { self.init(layer: index / 2, axis: index % 2 == 0 ? .x : .y) }
    }

    /// A constraint between siblings: sublayer `layer`'s constraint number
    /// `constraint`, which reads `from` and sets `to`.
    public struct Edge: Sendable, Hashable {
        public var layer: Int
        public var constraint: Int
        public var from: Node
        public var to: Node
    }

    /// Constraints that depend on each other in a loop.
    public struct Cycle: Sendable {
        /// Every sublayer whose constraints take part, in list order.
        public var layers: [Int]
        /// One loop through the cycle, starting with the constraint written
        /// first; each next constraint sets what the one before it reads.
        public var path: [Edge]
        /// Every constraint between the cycle's nodes, in the order written.
        public var edges: [Edge]
    }

    /// Where each constraint reads from: the superlayer, a sibling's index, or nil for a name no sibling has.
    public enum Resolved: Sendable, Hashable { case superlayer, sibling(Int), unknown }

    /// `resolved[layer][constraint]`.
    public private(set) var resolved: [[Resolved]] = []
    /// The constrained nodes in an order where every node comes after the nodes it reads.
    /// Nodes in or behind a cycle are left out.
    public private(set) var order: [Node] = []
    public private(set) var cycles: [Cycle] = []

    public init(sublayers: [Layer]) {
        var byName: [String: Int] = [:]
        for (i, layer) in sublayers.enumerated() {
            if let name = layer.name, byName[name] == nil { byName[name] = i }
        }
        let count = sublayers.count * 2
        var edges: [Edge] = []
        var outgoing = [[Int]](repeating: [], count: count)
        var indegree = [Int](repeating: 0, count: count)
        var constrained = [Bool](repeating: false, count: count)
        resolved = sublayers.enumerated().map { j, layer in
            layer.constraints.enumerated().map { ci, c in
                let to = Node(layer: j, axis: c.attribute.axis)
                constrained[to.index] = true
                switch c.source {
                case .superlayer: return .superlayer
                case .sibling(let name):
                    guard let k = byName[name] else { return .unknown }
                    let edge = Edge(layer: j, constraint: ci, from: Node(layer: k, axis: c.target.axis), to: to)
                    outgoing[edge.from.index].append(edges.count)
                    indegree[to.index] += 1
                    edges.append(edge)
                    return .sibling(k)
                }
            }
        }

        // Kahn's algorithm: O(nodes + edges), deterministic (list order first).
        var queue = (0..<count).filter { indegree[$0] == 0 }
        var head = 0
        var done = [Bool](repeating: false, count: count)
        while head < queue.count {
            let n = queue[head]
            head += 1
            done[n] = true
            if constrained[n] { order.append(Node(index: n)) }
            for e in outgoing[n] {
                let to = edges[e].to.index
                indegree[to] -= 1
                if indegree[to] == 0 { queue.append(to) }
            }
        }
        if head < count {
            cycles = Self.cycles(edges: edges, outgoing: outgoing, left: done.map { !$0 }, sublayers: sublayers)
        }
    }

    /// The strongly connected components among the nodes Kahn's algorithm
    /// could not order that really loop (more than one node, or a node that reads itself).
    static func cycles(edges: [Edge], outgoing: [[Int]], left: [Bool], sublayers: [Layer]) -> [Cycle] {
        let components = stronglyConnected(edges: edges, outgoing: outgoing, among: left)
        var component = [Int](repeating: -1, count: left.count)
        for (c, nodes) in components.enumerated() { for n in nodes { component[n] = c } }
        func location(_ e: Edge) -> SourceLocation { sublayers[e.layer].constraints[e.constraint].location }
        func written(_ a: Edge, _ b: Edge) -> Bool {
            let la = location(a), lb = location(b)
            return (la.line, la.column, a.layer, a.constraint) < (lb.line, lb.column, b.layer, b.constraint)
        }
        var innerEdges = [[Edge]](repeating: [], count: components.count)
        for e in edges {
            let c = component[e.from.index]
            if c >= 0, c == component[e.to.index] { innerEdges[c].append(e) }
        }
        var result: [Cycle] = []
        for (c, nodes) in components.enumerated() {
            let inner = innerEdges[c].sorted(by: written)
            guard let first = inner.first, nodes.count > 1 || inner.contains(where: { $0.from == $0.to }) else { continue }
            let layers = Set(nodes.map { $0 / 2 }).sorted()
            // Reversed, the forward path reads as a chain: each constraint, then the one that sets what it reads.
            result.append(Cycle(layers: layers, path: [first] + path(from: first.to, to: first.from, through: inner).reversed(),
                                edges: inner))
        }
        return result.sorted { written($0.path[0], $1.path[0]) }
    }

    /// The edges of a shortest path from `start` to `goal` using `edges` (empty when start is the goal).
    static func path(from start: Node, to goal: Node, through edges: [Edge]) -> [Edge] {
        guard start != goal else { return [] }
        var leaving: [Node: [Edge]] = [:]
        for e in edges { leaving[e.from, default: []].append(e) }
        var via: [Node: Edge] = [:]
        var queue = [start], head = 0
        var seen: Set<Node> = [start]
        while head < queue.count, via[goal] == nil {
            let n = queue[head]
            head += 1
            for e in leaving[n] ?? [] where seen.insert(e.to).inserted {
                via[e.to] = e
                queue.append(e.to)
            }
        }
        var result: [Edge] = []
        var n = goal
        while n != start, let e = via[n] {
            result.append(e)
            n = e.from
        }
        return result.reversed()
    }

    /// Tarjan's algorithm, iterative (a sibling list may hold thousands of layers), over the nodes in `among`.
    static func stronglyConnected(edges: [Edge], outgoing: [[Int]], among: [Bool]) -> [[Int]] {
        let count = among.count
        var index = [Int](repeating: -1, count: count), low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = [], components: [[Int]] = []
        var next = 0
        for root in 0..<count where among[root] && index[root] < 0 {
            // Frames of (node, position in its outgoing list).
            var frames: [(node: Int, edge: Int)] = [(root, 0)]
            index[root] = next; low[root] = next; next += 1
            stack.append(root); onStack[root] = true
            while let top = frames.last {
                let v = top.node
                if top.edge < outgoing[v].count {
                    frames[frames.count - 1].edge += 1
                    let w = edges[outgoing[v][top.edge]].to.index
                    guard among[w] else { continue }
                    if index[w] < 0 {
                        index[w] = next; low[w] = next; next += 1
                        stack.append(w); onStack[w] = true
                        frames.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last { low[parent.node] = min(low[parent.node], low[v]) }
                if low[v] == index[v] {
                    var component: [Int] = []
                    while let w = stack.popLast() {
                        onStack[w] = false
                        component.append(w)
                        if w == v { break }
                    }
                    components.append(component.sorted())
                }
            }
        }
        return components
    }
}
