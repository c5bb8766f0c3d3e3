import type { GraphNode, PageProps } from './props.js'

/** How far a label sits from its node's centre, in the SVG's units. */
const LABEL_DX = 9
const LABEL_DY = 4.5
const LABEL_BELOW = 21

/**
 * The page's local graph, like Obsidian Publish's graph view, at the end of the page: the page in the middle, the
 * pages linked with it around it, the links as lines. Drawn by the build, no script: every node is a link, reached
 * by Tab like any other; colours come from the stylesheet (classes only), so the colour mode applies.
 */
export function LocalGraph({ graph }: Pick<PageProps, 'graph'>) {
  if (!graph) return null
  const [x, y, width, height] = graph.viewBox
  const { nodes, more } = graph
  return (
    <nav className="local-graph" aria-labelledby="local-graph-title">
      <h2 id="local-graph-title" className="local-graph-title">
        {graph.title}
      </h2>
      <svg
        className="local-graph-svg"
        viewBox={`${x} ${y} ${width} ${height}`}
        width={width}
        height={height}
        role="group"
        aria-label={graph.title}
      >
        <g className="graph-edges" aria-hidden="true">
          {more && <line className="graph-edge graph-edge-more" x1={nodes[0].x} y1={nodes[0].y} x2={more.x} y2={more.y} />}
          {graph.edges.map(([a, b]) => (
            <line key={`${a}-${b}`} className="graph-edge" x1={nodes[a].x} y1={nodes[a].y} x2={nodes[b].x} y2={nodes[b].y} />
          ))}
        </g>
        {nodes.map((node, i) => (node.href ? <NodeLink key={i} node={node} /> : <CurrentNode key={i} node={node} />))}
        {more && (
          <g className="graph-node graph-more">
            <title>{more.title}</title>
            <circle cx={more.x} cy={more.y} r={11} />
            <text x={more.x} y={more.y + 4} textAnchor="middle">
              {more.label}
            </text>
          </g>
        )}
      </svg>
    </nav>
  )
}

function NodeLink({ node }: { node: GraphNode }) {
  return (
    <a className="graph-node" href={node.href}>
      <title>{node.title}</title>
      <circle cx={node.x} cy={node.y} r={5} />
      <Label node={node} />
    </a>
  )
}

function CurrentNode({ node }: { node: GraphNode }) {
  return (
    <g className="graph-node graph-current" aria-current="page">
      <title>{node.title}</title>
      <circle cx={node.x} cy={node.y} r={8} />
      <Label node={node} />
    </g>
  )
}

function Label({ node }: { node: GraphNode }) {
  const dx = node.anchor === 'start' ? LABEL_DX : node.anchor === 'end' ? -LABEL_DX : 0
  const dy = node.anchor === 'middle' ? LABEL_BELOW : LABEL_DY
  return (
    <text x={node.x + dx} y={node.y + dy} textAnchor={node.anchor}>
      {node.label}
    </text>
  )
}
