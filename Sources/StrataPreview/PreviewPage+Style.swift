extension PreviewPage {
    static let style = #"""
    :root{--bg:#15191e;--panel:#1e242b;--line:#2f3740;--text:#e6edf3;--dim:#8b949e;--accent:#f2aa4c;--error:#f85149}
    *{box-sizing:border-box}
    body{margin:0;height:100vh;display:flex;flex-direction:column;background:var(--bg);color:var(--text);font:13px/1.4 system-ui,sans-serif}
    header,footer{background:var(--panel);border-color:var(--line);border-style:solid;border-width:0 0 1px;padding:6px 10px}
    header{display:flex;gap:10px;align-items:center;flex-wrap:wrap}
    footer{border-width:1px 0 0}
    .brand{color:var(--accent)}
    .spacer{flex:1}
    .status{padding:0 6px;border-radius:3px;background:#2d333b}
    .status.ok{background:#1a7f37}.status.error{background:var(--error)}
    select,input,button{background:#0d1117;color:var(--text);border:1px solid var(--line);border-radius:4px;font:inherit;padding:2px 6px}
    button{cursor:pointer;min-width:34px}
    input[type=number]{width:64px}
    main{flex:1;display:flex;min-height:0}
    #stage{flex:1;overflow:auto;display:flex;align-items:safe center;justify-content:safe center;padding:12px}
    #frame-box{position:relative;line-height:0;background:repeating-conic-gradient(#8a8f96 0 25%,#c4c8cc 0 50%) 0 0/16px 16px;box-shadow:0 0 0 1px var(--line)}
    #frame{display:block}
    #frame.pixelated{image-rendering:pixelated}
    #outline{position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none;overflow:visible}
    #outline polygon{fill:rgba(242,170,76,.12);stroke:var(--accent);stroke-width:2;vector-effect:non-scaling-stroke}
    #panel{width:340px;border-left:1px solid var(--line);background:var(--panel);overflow:auto;padding:8px 10px}
    #panel h2{font-size:14px;margin:0 0 6px}#panel h3{font-size:13px;margin:10px 0 4px;color:var(--dim)}
    #tree{list-style:none;margin:0;padding:0;font:12px ui-monospace,monospace}
    #tree li{padding:1px 4px;border-radius:3px;cursor:pointer;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
    #tree li:hover{background:#2d333b}#tree li.selected{background:#3b2e1a;color:var(--accent)}
    #tree li .type{color:var(--dim)}#tree li.hidden-layer{opacity:.5}
    #layer-json{font:11px/1.35 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;color:#c9d1d9;margin:0}
    #controls .row{display:flex;gap:8px;align-items:center}
    #slider{flex:1}
    #position{font:12px ui-monospace,monospace;min-width:230px;text-align:right}
    #ruler{position:relative;height:16px;margin:0 0 4px;font:10px ui-monospace,monospace;color:var(--dim)}
    #ruler span{position:absolute;transform:translateX(-50%);white-space:nowrap}
    #fps{font:12px ui-monospace,monospace;color:var(--dim)}
    #diagnostics{background:#2a1215;border-bottom:1px solid var(--error);padding:8px 12px;max-height:40vh;overflow:auto}
    #diagnostics .note{color:var(--dim);margin:0 0 6px}
    #diagnostics .diagnostic{margin:0 0 8px}
    #diagnostics .where{font:12px ui-monospace,monospace}
    #diagnostics .error .sev{color:var(--error);font-weight:600}#diagnostics .warning .sev{color:#d29922;font-weight:600}
    #diagnostics pre{margin:2px 0 0;font:12px/1.3 ui-monospace,monospace;color:#c9d1d9;tab-size:8}
    #diagnostics pre .caret{color:var(--error);font-weight:700}
    """#
}
