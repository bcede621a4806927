package picture

// The style and the script of the game viewer page (viewer.go).

const viewerStyle = `
body{display:flex;flex-direction:column}
main{order:2}
.index{order:1;margin:.5rem 0}
.index summary{cursor:pointer;font-weight:bold}
.index ul{columns:22rem;font-size:.9rem;list-style:none;padding-left:.5rem}
.game{margin:1rem 0 3rem;content-visibility:auto;contain-intrinsic-size:auto 42rem}
.game:focus{outline:none}.game:focus-visible{outline:2px dashed #1f6fd1;outline-offset:.5rem}
.viewer{display:flex;flex-wrap:wrap;gap:1.5rem;align-items:flex-start}
.viewer .left{flex:0 0 auto;width:29rem;max-width:100%}
figure.ply{margin:0}
figure.ply svg{width:28rem;max-width:100%;height:auto;display:block}
figure.ply figcaption{font-family:inherit;font-size:1rem;color:#1a1a1a}
figure.ply .cap{font-weight:bold;display:block}
figure.ply .fen{font-family:"DejaVu Sans Mono",monospace;font-size:.8rem;color:#444;word-break:break-all}
figure.ply .notes{margin:.2rem 0;padding-left:1.2rem;font-size:.9rem}
.moves{flex:1;min-width:18rem;max-width:36rem;line-height:1.9;font-family:inherit}
.moves .t{white-space:nowrap}
.moves i{font-style:normal;color:#777;font-family:"DejaVu Sans Mono",monospace}
.moves button,.moves .mv{font-family:"DejaVu Sans Mono",monospace;border:1px solid transparent;background:none;padding:0 .2rem;font-size:1rem;cursor:pointer;border-radius:.2rem;color:inherit}
.moves button.current{background:#1f6fd1;color:#fff}
.moves .error{outline:2px solid #d11f1f}
.moves .warning{outline:2px dashed #9a7410}
.moves .fd.error,.moves .fd.warning{outline:none}
.moves .unplayed{color:#999;cursor:default}
.moves .unplayed.error{color:#d11f1f;text-decoration:line-through}
.moves .fd{font-size:.85rem;padding:0 .3rem;border-radius:.2rem;background:#fbf3dc;color:#5c4500}
.moves .fd.error{background:#fde4e4;color:#8a0000}
.moves .comment{color:#555;font-style:italic}
.moves .variation{color:#555}
ul.at{margin:.3rem 0;padding-left:1.2rem}
ul.at .error{color:#a00}
.steps button{font-size:1.1rem;min-width:2.4rem}
.steps .link{margin-left:.5rem}
.tags{margin:.1rem 0;color:#333}
@media print{.steps,.index{display:none}.game{content-visibility:visible}}
`

// viewerScript shows, in each game, the position asked for: it reads the
// game's data (viewer.go) when the game is first used, applies the changes
// the replay gave up to the ply, and draws the men, the side to move and
// the move as writeSVG does, from the shared drawings. Boards are kept
// every 64 plies, so a step anywhere in a long game applies few changes.
// It runs before the games are read: ashViewer.first shows the first game
// as soon as it is read, ashViewer.ready adds the step controls of all
// at the end and opens a #gNpM link.
const viewerScript = `
(function(){
var C=JSON.parse(document.getElementById('ash-viewer-config').textContent);
var K=64;
function name(s){return 'abcdefgh'.charAt(s&7)+((s>>3)+1);}
function sqOf(t,i){return (t.charCodeAt(i)-97)+8*(t.charCodeAt(i+1)-49);}
function sqOr(t){return t==='-'?-1:sqOf(t,0);}
function apply(b,ch){if(ch==='-')return;for(var i=0;i+2<ch.length;i+=3){var m=ch.charAt(i+2);b[sqOf(ch,i)]=m==='.'?'':m;}}
function placement(b){var out='';for(var r=7;r>=0;r--){var e=0;for(var f=0;f<8;f++){var m=b[8*r+f];if(m){if(e)out+=e;e=0;out+=m;}else e++;}if(e)out+=e;if(r)out+='/';}return out;}
function esc(s){return String(s).replace(/[&<>"]/g,function(c){return {'&':'&amp;','<':'&lt;','>':'&gt;','"':'&quot;'}[c];});}
function V(s){
addNav(s);this.s=s;this.fig=s.querySelector('figure.ply');this.svg=this.fig.querySelector('svg');this.pos=this.fig.querySelector('g.position');
this.board=this.fig.querySelector('use[href^="#ash-board"]');this.look=this.board.getAttribute('href').replace(/-flip$/,'');
this.men=C.glyph[this.fig.dataset.set]||{};this.flip=false;this.cur=0;this.on=null;this.shownNotes=-1;
this.cap=this.fig.querySelector('.cap');this.fen=this.fig.querySelector('.fen');this.notesEl=this.fig.querySelector('.notes');
this.out=s.querySelector('.where');this.link=s.querySelector('.steps .link');
var notes=[],plies=[],stop=null;
s.querySelector('script.plies').textContent.split('\n').forEach(function(l){
if(!l)return;var c=l.charAt(0);
if(c==='='){notes.push(JSON.parse(l.slice(1)));return;}
var f=l.split(' ');
if(c==='!'){stop={f:sqOr(f[1]),t:sqOr(f[2]),title:JSON.parse(f.slice(3).join(' '))};return;}
plies.push({mv:f[0],ch:f[1],n:+f[2],rest:f.slice(3).join(' ')});});
this.notes=notes;this.plies=plies;this.stop=stop;this.last=plies.length-1;
var b=[];for(var i=0;i<64;i++)b.push('');apply(b,plies[0].ch);this.cp=[b];
this.btns=s.querySelectorAll('.moves button');
Array.prototype.forEach.call(this.btns,function(m,i){m.dataset.ply=i+1;});
}
V.prototype.at=function(n){
var k=Math.floor(n/K);
while(this.cp.length<=k){var i=this.cp.length,b=this.cp[i-1].slice();for(var p=(i-1)*K+1;p<=i*K;p++)apply(b,this.plies[p].ch);this.cp.push(b);}
var b=this.cp[k].slice();for(var p=k*K+1;p<=n;p++)apply(b,this.plies[p].ch);return b;};
V.prototype.draw=function(n,b){
var p=this.plies[n],flip=this.flip,c=C.colour,sq=C.sq,h='';
function xy(s){var col=s&7,row=7-(s>>3);if(flip){col=7-col;row=7-row;}return [C.x+col*sq,C.y+row*sq];}
function rect(s,fill,op){var q=xy(s);return '<rect x="'+q[0]+'" y="'+q[1]+'" width="'+sq+'" height="'+sq+'" fill="'+fill+'" fill-opacity="'+op+'"/>';}
var side=p.rest.split(' ')[0];
if(side==='w'||side==='b'){var bottom=(side==='w')!==flip;
h+='<circle cx="'+(C.x+8*sq+C.right/2)+'" cy="'+(bottom?C.y+8*sq-8:C.y+8)+'" r="7" fill="'+(side==='w'?c.whiteFill:c.blackFill)+'" stroke="'+c.whiteInk+'" stroke-width="1.5"><title>'+(side==='w'?'white':'black')+' to move</title></circle>';}
var f=-1,t=-1,mark=-1;
if(n===this.last&&this.stop){f=this.stop.f;t=this.stop.t;mark=t;}else if(p.mv!=='-'){f=sqOf(p.mv,0);t=sqOf(p.mv,2);}
if(f>=0&&t>=0)h+=rect(f,c.arrow,'0.18')+rect(t,c.arrow,'0.18');
if(mark>=0)h+=rect(mark,c.mark,'0.3');
if(f>=0&&t>=0&&f!==t){var a=xy(f),z=xy(t),x1=a[0]+sq/2,y1=a[1]+sq/2,x2=z[0]+sq/2,y2=z[1]+sq/2,dx=x2-x1,dy=y2-y1,d=Math.hypot(dx,dy);x2-=dx/d*14;y2-=dy/d*14;
h+='<line x1="'+x1.toFixed(1)+'" y1="'+y1.toFixed(1)+'" x2="'+x2.toFixed(1)+'" y2="'+y2.toFixed(1)+'" stroke="'+c.arrow+'" stroke-width="7" stroke-opacity="0.8" stroke-linecap="round" marker-end="url(#arrowhead)"/>';}
for(var s=0;s<64;s++){var m=b[s];if(!m)continue;var q=xy(s),id=this.men[m];
if(id){h+='<use href="#'+id+'" transform="translate('+(q[0]+C.pad)+','+(q[1]+C.pad)+') scale('+((sq-2*C.pad)/100)+')" data-sq="'+name(s)+'" data-man="'+m+'"/>';continue;}
var white=m===m.toUpperCase();
h+='<circle cx="'+(q[0]+sq/2)+'" cy="'+(q[1]+sq/2)+'" r="'+Math.floor(sq*2/5)+'" fill="'+(white?c.whiteFill:c.blackFill)+'" stroke="'+c.whiteInk+'" stroke-width="2"/><text x="'+(q[0]+sq/2)+'" y="'+(q[1]+sq/2+8)+'" font-size="22" font-weight="bold" text-anchor="middle" fill="'+(white?c.whiteInk:c.blackInk)+'">'+esc(m.toUpperCase())+'</text>';}
if(mark>=0){var q=xy(mark);h+='<rect x="'+(q[0]+2)+'" y="'+(q[1]+2)+'" width="'+(sq-4)+'" height="'+(sq-4)+'" fill="none" stroke="'+c.mark+'" stroke-width="4"/><path d="M'+(q[0]+sq-12)+','+(q[1]+4)+' l7,7 M'+(q[0]+sq-5)+','+(q[1]+4)+' l-7,7" stroke="'+c.mark+'" stroke-width="2.5"/>';}
this.pos.innerHTML=h;
this.board.setAttribute('href',this.look+(flip?'-flip':''));};
V.prototype.show=function(n){
if(!(n>=0))n=0;if(n>this.last)n=this.last;this.cur=n;
var b=this.at(n),p=this.plies[n];this.draw(n,b);
var fen=placement(b)+' '+p.rest;this.fig.dataset.ply=n;this.fig.dataset.fen=fen;this.fen.textContent=fen;this.svg.setAttribute('aria-label',(n?'position after ply '+n:'start position')+': '+fen);
if(this.on){this.on.classList.remove('current');this.on.removeAttribute('aria-current');}
var m=this.btns[n-1]||null;this.on=m;if(m){m.classList.add('current');m.setAttribute('aria-current','step');}
this.cap.textContent=n===this.last&&this.stop?this.stop.title:n===0?'start position':'after ply '+n+': '+(m?m.textContent:'');
if(p.n!==this.shownNotes){this.shownNotes=p.n;this.notesEl.innerHTML=(this.notes[p.n]||[]).map(function(t){return '<li>'+esc(t)+'</li>';}).join('');}
this.out.textContent='ply '+n+' of '+this.last;this.link.href='#'+this.s.id+'p'+n;this.s.dataset.ply=n;};
function game(el){var s=el&&el.closest?el.closest('section.game'):null;return s&&s.querySelector('script.plies')?s:null;}
function v(s){return s.ashViewer||(s.ashViewer=new V(s));}
function go(g,what){if(what==='first')g.show(0);else if(what==='prev')g.show(g.cur-1);else if(what==='next')g.show(g.cur+1);else if(what==='last')g.show(g.last);else if(what==='flip'){g.flip=!g.flip;g.show(g.cur);}}
document.addEventListener('click',function(e){var s=game(e.target);if(!s)return;var g=v(s);
var b=e.target.closest('.moves button');if(b&&b.dataset.ply){g.show(+b.dataset.ply);return;}
var n=e.target.closest('[data-go]');if(n)go(g,n.dataset.go);});
document.addEventListener('keydown',function(e){var s=game(e.target);if(!s||e.altKey||e.ctrlKey||e.metaKey)return;
var what={ArrowLeft:'prev',ArrowRight:'next',Home:'first',End:'last',f:'flip',F:'flip'}[e.key];if(!what)return;
go(v(s),what);e.preventDefault();});
function fromHash(){var m=/^#(g[0-9-]+)(?:p([0-9]+))?$/.exec(location.hash);if(!m)return null;var s=game(document.getElementById(m[1]));if(!s)return null;
if(m[2]!==undefined){v(s).show(+m[2]);s.scrollIntoView();}s.focus({preventScroll:true});return s;}
window.addEventListener('hashchange',fromHash);
var nav='<nav class="steps" aria-label="step through the game"><button type="button" data-go="first" title="first (Home)">«</button><button type="button" data-go="prev" title="back (left arrow)">‹</button><button type="button" data-go="next" title="forward (right arrow)">›</button><button type="button" data-go="last" title="last (End)">»</button><button type="button" data-go="flip" title="flip the board (f)">⇅</button> <output class="where"></output> <a class="link" href="#">link to this position</a></nav>';
function addNav(s){var f=s.querySelector('figure.ply');if(f&&!s.querySelector('nav.steps'))f.insertAdjacentHTML('afterend',nav);}
window.ashViewer={
first:function(s){s=game(s);if(!s)return;v(s).show(0);s.focus({preventScroll:true});if(performance.mark)performance.mark('ash-first-board');},
ready:function(){document.querySelectorAll('section.game').forEach(addNav);fromHash();}};
})();
`
