// The session page's one script: search and filters over the cards and
// messages. It reads text with textContent and only sets `hidden`,
// `textContent` and `value`: nothing from the log is parsed as markup or
// run. Without it (scripts off) the form stays hidden and everything shows.

/**
 * The script a session page inlines for its search and filters (kind,
 * status, text). The page's Content-Security-Policy allows this one script
 * by its hash ({@link SESSION_PAGE_SCRIPT_HASH}) and no other.
 */
export const SESSION_PAGE_SCRIPT = `(function(){
var d=document,f=d.querySelector('form.tri-filters');if(!f)return;
var q=f.elements.namedItem('q'),k=f.elements.namedItem('kind'),s=f.elements.namedItem('status'),o=f.querySelector('output');
var items=Array.prototype.slice.call(d.querySelectorAll('main .tri-card,main .tri-message'));
function head(e){for(var c=e.firstElementChild;c;c=c.nextElementSibling)if(c.classList.contains('tri-header'))return c;return null}
function part(e,name){var h=head(e),n=h&&h.querySelector(name);return n?n.textContent.trim():''}
var kind=items.map(function(e){return part(e,'.tri-kind')}),stat=items.map(function(e){return part(e,'.tri-status')});
var kinds=[];kind.forEach(function(x){if(x&&kinds.indexOf(x)<0)kinds.push(x)});
kinds.sort().forEach(function(x){var p=d.createElement('option');p.value=x;p.textContent=x;k.appendChild(p)});
var text=items.map(function(e){return e.textContent.toLowerCase()});
function run(){var t=q.value.trim().toLowerCase(),kv=k.value,sv=s.value,n=0;
items.forEach(function(e,i){var on=(!kv||kind[i]===kv)&&(!sv||stat[i]===sv)&&(!t||text[i].indexOf(t)>=0);e.hidden=!on;if(on)n++});
o.textContent=n+' of '+items.length+' shown'}
f.addEventListener('input',run);f.addEventListener('change',run);
f.addEventListener('submit',function(e){e.preventDefault()});
f.hidden=false;run()})()`

/**
 * The SHA-256 of {@link SESSION_PAGE_SCRIPT} (UTF-8, base64) as a
 * Content-Security-Policy source, `'sha256-…'`. Written here, not
 * computed, so the entry point needs no crypto; a test checks it.
 */
export const SESSION_PAGE_SCRIPT_HASH = "'sha256-hk5JrvJ/5sHenvYZgZ/7/oCTXSrotKuoZ/nfn+bjTAc='"
