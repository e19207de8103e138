/** The stylesheet of every viewer page (inlined by `html`, served by `serve`). */
export const viewerCss = `
:root{--bg:#f6f7f9;--fg:#1d2330;--dim:#6a7385;--card:#fff;--line:#dde1e8;--accent:#2f6fde;--user:#eef4ff;
--ok:#1f8a4c;--err:#c62f2f;--warn:#b86e00;--del:#ffecec;--add:#e7f8ec;--delfg:#8c1d1d;--addfg:#135c31;--code:#f0f2f5}
@media (prefers-color-scheme:dark){:root{--bg:#14171c;--fg:#e3e7ee;--dim:#97a0b0;--card:#1c2027;--line:#2e343e;
--accent:#6ea1ff;--user:#1b2a44;--ok:#4cc47e;--err:#ff6b6b;--warn:#f0a940;--del:#3a1d20;--add:#15331f;--delfg:#ffb3b3;
--addfg:#a6f0be;--code:#252a33}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--accent)}
main{max-width:1100px;margin:0 auto;padding:16px 20px 80px}
nav.top{display:flex;gap:16px;align-items:center;padding:10px 20px;border-bottom:1px solid var(--line);background:var(--card);
position:sticky;top:0;z-index:5}
nav.top .brand{font-weight:700}
nav.top form{margin-left:auto;display:flex;gap:6px}
input,select,button{font:inherit;color:inherit;background:var(--card);border:1px solid var(--line);border-radius:6px;padding:4px 8px}
button{cursor:pointer}
button:hover{border-color:var(--accent)}
pre,code{font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
code{background:var(--code);padding:1px 4px;border-radius:4px;overflow-wrap:anywhere}
pre{margin:4px 0;padding:8px 10px;background:var(--code);border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;
max-height:none}
pre.preview{max-height:12em;overflow:hidden;margin-bottom:0}
.dim,.note{color:var(--dim)}
.note{font-size:12px;margin:4px 0}
.session-header h1{font-size:22px;margin:8px 0 6px;overflow-wrap:anywhere}
.facts{display:flex;flex-wrap:wrap;gap:4px 18px;margin:0 0 8px;font-size:13px}
.facts div{display:flex;gap:6px;min-width:0}
.facts dt{color:var(--dim)}
.facts dd{margin:0;overflow-wrap:anywhere}
.totals{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:13px}
.status-counts{margin:6px 0 10px}
details.problems{font-size:13px;color:var(--warn);margin:4px 0 10px}details.problems ul{margin:4px 0;color:var(--fg)}
.toolbar{display:flex;gap:8px;align-items:center;margin:8px 0 14px;font-size:13px;color:var(--dim)}
.transcript{display:flex;flex-direction:column;gap:10px}
.msg{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:10px 14px;min-width:0}
.msg.kind-prompt{background:var(--user);border-color:color-mix(in srgb,var(--accent) 35%,var(--line))}
.msg.kind-api_error{border-color:var(--err)}
.msg.off-branch{opacity:.62;border-style:dashed}
.msg.kind-compact_boundary,.msg.kind-interrupt{background:none;border:none;padding:0}
.msg-head{display:flex;gap:10px;align-items:baseline;font-size:12px;color:var(--dim);margin-bottom:4px}
.msg-head .role{font-weight:600;color:var(--fg);text-transform:uppercase;letter-spacing:.04em;font-size:11px}
.msg.kind-prompt .role{color:var(--accent)}
.msg-head .time{margin-left:auto;white-space:nowrap}
.msg-head .model{font-family:ui-monospace,monospace;font-size:11px}
.plain{white-space:pre-wrap;overflow-wrap:anywhere}
.md{overflow-wrap:anywhere}
.md>:first-child{margin-top:0}.md>:last-child{margin-bottom:0}
.md table{border-collapse:collapse}.md td,.md th{border:1px solid var(--line);padding:2px 6px}
.boundary{text-align:center;color:var(--warn);font-size:12px;text-transform:uppercase;letter-spacing:.06em;
display:flex;align-items:center;gap:10px}
.boundary::before,.boundary::after{content:"";flex:1;border-top:1px dashed var(--warn)}
.boundary.interrupt{color:var(--err)}.boundary.interrupt::before,.boundary.interrupt::after{border-color:var(--err)}
.branch-mark{font-size:12px;color:var(--warn);margin:0 0 4px 4px}
details>summary{cursor:pointer}
details.thinking{margin:6px 0;color:var(--dim);font-style:italic}
details.thinking .md{font-style:normal}
details.thinking>summary,details.collapsed-msg>summary{color:var(--dim);font-size:12px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
details.thinking[open]>summary{white-space:normal}
details.collapsed-msg>summary .msg-head{display:inline-flex;width:calc(100% - 20px);margin:0}
details.more>summary{list-style:none}
details.more>summary::-webkit-details-marker{display:none}
details.more>summary .expand{font-size:12px;color:var(--accent)}
details.more[open]>summary .preview,details.more[open]>summary .expand{display:none}
.usage{margin-top:6px;font-size:11.5px;color:var(--dim);font-family:ui-monospace,monospace}
.tool-card{border:1px solid var(--line);border-left:4px solid var(--ok);border-radius:8px;margin:8px 0;background:var(--bg);min-width:0}
.tool-card.status-error,.tool-card.status-hook_blocked{border-left-color:var(--err)}
.tool-card.status-denied,.tool-card.status-interrupted{border-left-color:var(--warn)}
.tool-card.status-missing,.tool-card.status-orphan_result{border-left-color:var(--dim)}
.card-head{display:flex;gap:8px;align-items:baseline;padding:6px 10px;min-width:0}
.tool-name{font-weight:600;white-space:nowrap}
.card-head .summary{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:var(--dim);
font-family:ui-monospace,monospace;font-size:12px}
.card-head .duration{font-size:12px;color:var(--dim);white-space:nowrap;min-width:3.5em;text-align:right}
.card-body{padding:0 10px 8px}
.card-body:empty{display:none}
.field{display:flex;gap:8px;font-size:13px;margin:2px 0;min-width:0}
.field .label{color:var(--dim);min-width:5.5em}
.field .value{min-width:0;overflow-wrap:anywhere}
.description{font-size:13px;color:var(--dim);margin:2px 0}
.status-reason{font-size:12px;color:var(--warn);margin:4px 0}
.result-label{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:var(--dim);margin-top:6px}
.exit{margin-left:6px;text-transform:none}
.badge{display:inline-block;font-size:11px;font-weight:600;padding:0 7px;border-radius:10px;color:#fff;background:var(--ok);
white-space:nowrap;line-height:18px}
.badge.status-error,.badge.status-hook_blocked{background:var(--err)}
.badge.status-denied,.badge.status-interrupted{background:var(--warn)}
.badge.status-missing,.badge.status-orphan_result{background:#7a8294}
.state{font-size:12px;font-weight:600;padding:1px 8px;border-radius:10px;vertical-align:middle;border:1px solid currentColor}
.state-active{color:var(--ok)}.state-idle{color:var(--accent)}.state-ended{color:var(--dim)}.state-abandoned{color:var(--warn)}
.diff{margin:6px 0;border:1px solid var(--line);border-radius:6px;overflow:auto}
.diff-file{font:12px ui-monospace,monospace;padding:4px 8px;background:var(--code);border-bottom:1px solid var(--line)}
.diff-action{font-weight:700;text-transform:uppercase;font-size:10.5px}
.diff table{border-collapse:collapse;width:100%;font:12.5px/1.45 ui-monospace,SFMono-Regular,Menlo,monospace}
.diff td{padding:0 8px;white-space:pre-wrap;overflow-wrap:anywhere;vertical-align:top}
.diff td.sign{width:1.5em;user-select:none;color:var(--dim);padding-right:0}
.diff tr.del{background:var(--del);color:var(--delfg)}
.diff tr.add{background:var(--add);color:var(--addfg)}
.diff tr.hunk td{color:var(--dim);background:var(--code);font-size:11.5px}
ul.todos{list-style:none;padding:0;margin:4px 0}
.todo .mark{display:inline-block;width:1.3em}
.todo-completed{color:var(--dim);text-decoration:line-through}
.todo-in_progress{font-weight:600}
details.subagent{margin:8px 0 0;border-left:2px solid var(--accent);padding-left:10px}
details.subagent>summary{font-size:13px;color:var(--accent);font-weight:600;overflow-wrap:anywhere}
details.subagent>.transcript{margin-top:8px}
img.log-image{max-width:100%;max-height:480px;border:1px solid var(--line);border-radius:6px;margin:6px 0;display:block}
.sentinel{height:1px}
.item:has(>.msg.assistant)+.item>.msg.assistant{margin-top:-11px;border-top-style:dashed;border-top-left-radius:0;border-top-right-radius:0}
.item:has(>.msg.assistant)+.item>.msg.assistant>.msg-head{display:none}
.item:has(>.msg.assistant):has(+.item>.msg.assistant)>.msg.assistant{border-bottom-left-radius:0;border-bottom-right-radius:0}
.more-items{text-align:center;color:var(--dim);font-size:12px;padding:8px}
:target,.target-hit{outline:2px solid var(--accent);outline-offset:2px}
table.list{width:100%;border-collapse:collapse;background:var(--card);border:1px solid var(--line);border-radius:8px;overflow:hidden}
table.list th,table.list td{padding:6px 10px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
table.list th{font-size:12px;color:var(--dim);font-weight:600;background:var(--code)}
table.list td.num,table.list th.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
table.list td.title{overflow-wrap:anywhere}
table.list tr:last-child td{border-bottom:none}
table.list tr.group th{background:none;color:var(--fg);font-size:14px;padding-top:16px;overflow-wrap:anywhere}
h2{font-size:17px;margin:22px 0 8px}
h2 .dim{font-weight:400;font-size:13px}
form.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:10px 0 16px;font-size:13px}
form.filters label{display:flex;flex-direction:column;gap:2px;color:var(--dim)}
form.filters label.check{flex-direction:row;align-items:center;gap:6px;padding-bottom:6px}
.hits{display:flex;flex-direction:column;gap:8px}
.hit{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:8px 12px}
.hit .where{font-size:12px;color:var(--dim)}
.hit .snippet{overflow-wrap:anywhere;white-space:pre-wrap}
mark{background:#ffe27a;color:#1d2330;border-radius:2px;padding:0 1px}
.charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(440px,1fr));gap:16px}
.chart{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px}
.chart h3{margin:0 0 8px;font-size:14px}
.chart .canvas-box{position:relative;height:300px}
.live{font-size:12px;color:var(--ok)}
footer.page{margin-top:30px;color:var(--dim);font-size:12px}
`;
