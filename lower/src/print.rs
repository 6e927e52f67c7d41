//! Text dumps of the IR (`--emit=gimple|omp-lower|omp-expand|oacc-xform`), also used by
//! the snapshot tests. The format is for people: stable, one statement a line.

use crate::ir::*;
use std::fmt::Write as _;

/// Dumps the whole module.
pub fn module(m: &Module) -> String {
    let mut out = String::new();
    let _ = writeln!(out, ";; module {} target {}", m.source, m.target.map_or("neutral", Target::name));
    for g in &m.globals {
        let p = Printer { out: &mut String::new(), f: &m.main };
        let init = p.op(&g.init);
        let _ = writeln!(
            out,
            "global {}: {} = {}{}",
            g.name,
            ty_name(g.ty),
            init,
            if g.local {
                " (local)"
            } else if g.external {
                " (external)"
            } else {
                ""
            }
        );
        if g.tls {
            out.pop();
            out.push_str(" (thread-local)\n");
        }
    }
    function(&mut out, &m.main, "main", &[]);
    for p in &m.procs {
        let _ = writeln!(out);
        let r = p.result.map(|v| format!(" -> {}", var_name(p, v))).unwrap_or_default();
        let routine = if m.routines.contains(&p.name) { " (routine)" } else { "" };
        let _ = writeln!(out, ";; procedure {}{}{}{routine}", p.name, r, if p.local { " (local)" } else { "" });
        function(&mut out, p, &p.name, &p.params);
    }
    for k in &m.kernels {
        let _ = writeln!(out);
        let _ = writeln!(out, ";; kernel {} ({:?}) levels {} shared {} bytes", k.name, k.kind, k.levels, k.shared_bytes);
        if !k.prologue.is_empty() {
            let _ = writeln!(out, ";; prologue");
            let mut p = Printer { out: &mut out, f: &k.func };
            p.stmts(&k.prologue, 1);
        }
        function(&mut out, &k.func, &k.name, &k.params);
    }
    out
}

fn function(out: &mut String, f: &Function, name: &str, params: &[VarId]) {
    let ps: Vec<String> = params.iter().map(|v| var_name(f, *v)).collect();
    let _ = writeln!(out, "fn {name}({}) {{", ps.join(", "));
    let mut p = Printer { out, f };
    p.stmts(&f.body, 1);
    let _ = writeln!(p.out, "}}");
}

fn var_name(f: &Function, v: VarId) -> String {
    match f.vars.get(v.0 as usize) {
        Some(var) => format!("{}:{}", var.name, ty_name(var.ty)),
        None => format!("?{}", v.0),
    }
}

pub fn ty_name(t: Ty) -> &'static str {
    match t {
        Ty::I32 => "i32",
        Ty::I64 => "i64",
        Ty::F32 => "f32",
        Ty::F64 => "f64",
        Ty::Ptr => "ptr",
        Ty::I8 => "i8",
        Ty::I16 => "i16",
        Ty::I128 => "i128",
        Ty::F128 => "f128",
    }
}

struct Printer<'a> {
    out: &'a mut String,
    f: &'a Function,
}

impl Printer<'_> {
    fn v(&self, v: VarId) -> String {
        match self.f.vars.get(v.0 as usize) {
            Some(var) => var.name.clone(),
            None => format!("?{}", v.0),
        }
    }
    fn op(&self, o: &Op) -> String {
        match o {
            Op::Var(v) => self.v(*v),
            Op::I32(x) => format!("{x}"),
            Op::I64(x) => format!("{x}_8"),
            Op::I128(x) => format!("{x}_16"),
            Op::F32(x) => format!("{x:?}_f4"),
            Op::F64(x) => format!("{x:?}_f8"),
            Op::F128(t) => format!("{t}_f16"),
            Op::Null => "null".into(),
            Op::Str(s) => format!("{s:?}"),
        }
    }
    fn ops(&self, os: &[Op]) -> String {
        os.iter().map(|o| self.op(o)).collect::<Vec<_>>().join(", ")
    }
    fn rv(&self, r: &Rv) -> String {
        match r {
            Rv::Use(o) => self.op(o),
            Rv::Unary(u, o) => format!("{u:?}({})", self.op(o)).to_lowercase(),
            Rv::Binary(b, x, y) => format!("{} {} {}", self.op(x), binop(*b), self.op(y)),
            Rv::Cast(t, o) => format!("({}) {}", ty_name(*t), self.op(o)),
            Rv::Math(m, os) => format!("{}({})", format!("{m:?}").to_lowercase(), self.ops(os)),
            Rv::Load(t, p) => format!("load.{} [{}]", ty_name(*t), self.op(p)),
            Rv::PtrAdd(p, o) => format!("{} +p {}", self.op(p), self.op(o)),
            Rv::Call(n, os, t) => format!("call.{} {n}({})", ty_name(*t), self.ops(os)),
            Rv::Builtin(b, os) => format!("{}({})", builtin(b), self.ops(os)),
            Rv::Prim(p, os) => format!("{}({})", prim(p), self.ops(os)),
            Rv::AtomicRmw(a, t, p, v) => {
                format!("atomic.{}.{} [{}], {}", format!("{a:?}").to_lowercase(), ty_name(*t), self.op(p), self.op(v))
            }
            Rv::AtomicCas(t, p, e, n) => {
                format!("atomic.cas.{} [{}], {}, {}", ty_name(*t), self.op(p), self.op(e), self.op(n))
            }
            Rv::AtomicLoad(t, p) => format!("atomic.load.{} [{}]", ty_name(*t), self.op(p)),
            Rv::AddrOf(v) => format!("&{}", self.v(*v)),
            Rv::GlobalAddr(g) => format!("&@{g}"),
            Rv::Alloca(n) => format!("alloca {n}"),
        }
    }
    fn line(&mut self, ind: usize, s: &str) {
        let _ = writeln!(self.out, "{}{}", "  ".repeat(ind), s);
    }
    fn stmts(&mut self, ss: &[Stmt], ind: usize) {
        for s in ss {
            self.stmt(s, ind);
        }
    }
    fn maps(&self, ms: &[MapItem]) -> String {
        ms.iter()
            .map(|m| format!("{}({}: {}, {})", m.kind.name(), m.what, self.op(&m.addr), self.op(&m.bytes)))
            .collect::<Vec<_>>()
            .join(" ")
    }
    fn reds(&self, rs: &[Reduction]) -> String {
        rs.iter()
            .map(|r| {
                let res = match &r.result {
                    RedResult::Var(v) => self.v(*v),
                    RedResult::Mem(p) => format!("[{}]", self.v(*p)),
                };
                format!("reduction({:?}:{} -> {})", r.op, self.v(r.local), res).to_lowercase()
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
    fn stmt(&mut self, s: &Stmt, ind: usize) {
        match s {
            Stmt::Assign(v, r) => {
                let t = format!("{} = {}", self.v(*v), self.rv(r));
                self.line(ind, &t)
            }
            Stmt::Store(t, p, v) => {
                let t = format!("store.{} [{}], {}", ty_name(*t), self.op(p), self.op(v));
                self.line(ind, &t)
            }
            Stmt::Call(n, os) => {
                let t = format!("call {n}({})", self.ops(os));
                self.line(ind, &t)
            }
            Stmt::If { cond, then_body, else_body } => {
                let t = format!("if {} {{", self.op(cond));
                self.line(ind, &t);
                self.stmts(then_body, ind + 1);
                if !else_body.is_empty() {
                    self.line(ind, "} else {");
                    self.stmts(else_body, ind + 1);
                }
                self.line(ind, "}");
            }
            Stmt::Loop { id, var, lo, hi, step, body, part } => {
                let mut t = format!("loop#{} {} = {}, {}, {}", id.0, self.v(*var), self.op(lo), self.op(hi), self.op(step));
                if let Some(a) = part {
                    let _ = write!(t, " acc({}", a.levels);
                    if a.collapse > 1 {
                        let _ = write!(t, " collapse({})", a.collapse);
                    }
                    if let Some(c) = &a.chunk {
                        let _ = write!(t, " static({})", self.op(c));
                    }
                    if let Some(c) = &a.threads {
                        let _ = write!(t, " threads({})", self.op(c));
                    }
                    if !a.reductions.is_empty() {
                        let _ = write!(t, " {}", self.reds(&a.reductions));
                    }
                    if !a.privates.is_empty() {
                        let ps: Vec<String> = a.privates.iter().map(|v| self.v(*v)).collect();
                        let _ = write!(t, " private({})", ps.join(", "));
                    }
                    t.push(')');
                }
                t.push_str(" {");
                self.line(ind, &t);
                self.stmts(body, ind + 1);
                self.line(ind, "}");
            }
            Stmt::While { id, cond_body, cond, body } => {
                let t = format!("while#{} {{", id.0);
                self.line(ind, &t);
                self.stmts(cond_body, ind + 2);
                let t = format!("}} test {} do {{", self.op(cond));
                self.line(ind + 1, &t);
                self.stmts(body, ind + 1);
                self.line(ind, "}");
            }
            Stmt::Exit(id) => self.line(ind, &format!("exit#{}", id.0)),
            Stmt::Cycle(id) => self.line(ind, &format!("cycle#{}", id.0)),
            Stmt::Region(r) => {
                let mut t = format!("acc {} line {} {}", r.what, r.line, self.maps(&r.maps));
                for c in &r.captures {
                    let _ = match c {
                        Capture::Mapped(v, _) => write!(t, " mapped({})", self.v(*v)),
                        Capture::Value(v) => write!(t, " firstprivate({})", self.v(*v)),
                        Capture::Private(v) => write!(t, " private({})", self.v(*v)),
                        Capture::Scratch(v, n) => write!(t, " scratch({}: {} per gang)", self.v(*v), self.op(n)),
                    };
                }
                if !r.reductions.is_empty() {
                    let _ = write!(t, " {}", self.reds(&r.reductions));
                }
                for (n, d) in [("num_gangs", &r.num_gangs), ("num_workers", &r.num_workers), ("vector_length", &r.vector_length)] {
                    if let Some(d) = d {
                        let _ = write!(t, " {n}({})", self.op(d));
                    }
                }
                t.push_str(" {");
                self.line(ind, &t);
                self.stmts(&r.body, ind + 1);
                self.line(ind, "}");
            }
            Stmt::HostParallel(h) => {
                let arg = if h.task { "if" } else { "num_threads" };
                let t = format!("omp {} line {} {arg}({}) {{", h.what, h.line, self.op(&h.num_threads));
                self.line(ind, &t);
                self.stmts(&h.body, ind + 1);
                self.line(ind, "}");
            }
            Stmt::DataRegion { maps, body } => {
                let t = format!("acc data {} {{", self.maps(maps));
                self.line(ind, &t);
                self.stmts(body, ind + 1);
                self.line(ind, "}");
            }
            Stmt::Launch(l) => {
                let args: Vec<String> = l
                    .args
                    .iter()
                    .map(|a| match a.kind {
                        ArgKind::Mapped => format!("mapped {}", self.op(&a.host)),
                        ArgKind::Value => format!("value {}", self.op(&a.host)),
                        ArgKind::Scalar => format!("scalar {}", self.op(&a.host)),
                        ArgKind::Scratch => format!("scratch {} per gang", self.op(&a.bytes)),
                    })
                    .collect();
                let t = format!(
                    "launch{} kernel{} gangs {} workers {} vector {} ({})",
                    if l.on_host { ".host" } else { "" },
                    l.kernel,
                    self.op(&l.gangs),
                    self.op(&l.workers),
                    self.op(&l.vector),
                    args.join(", ")
                );
                self.line(ind, &t)
            }
            Stmt::Builtin(b, os) => {
                let t = format!("{}({})", builtin(b), self.ops(os));
                self.line(ind, &t)
            }
            Stmt::Prim(p, os) => {
                let t = format!("{}({})", prim(p), self.ops(os));
                self.line(ind, &t)
            }
            Stmt::AtomicStore(t, p, v) => {
                let t = format!("atomic.store.{} [{}], {}", ty_name(*t), self.op(p), self.op(v));
                self.line(ind, &t)
            }
            Stmt::Return => self.line(ind, "return"),
        }
    }
}

fn binop(b: BinOp) -> &'static str {
    match b {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Rem => "rem",
        BinOp::Pow => "**",
        BinOp::Min => "min",
        BinOp::Max => "max",
        BinOp::And => "&",
        BinOp::Or => "|",
        BinOp::Xor => "^",
        BinOp::Shl => "<<",
        BinOp::LShr => ">>>",
        BinOp::Eq => "==",
        BinOp::BitEq => "===",
        BinOp::Ne => "!=",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
    }
}

fn builtin(b: &Builtin) -> String {
    match b {
        Builtin::DimSize(l) => format!("GOACC_DIM_SIZE.{}", l.name()),
        Builtin::DimPos(l) => format!("GOACC_DIM_POS.{}", l.name()),
        Builtin::IsInitialDevice => "GOMP_IS_INITIAL_DEVICE".to_string(),
        Builtin::AccOnDevice => "GOACC_ON_DEVICE".to_string(),
        Builtin::OmpQuery(q) => format!("GOMP_QUERY.{}", q.name()),
        Builtin::OneThreadPerGang => "ONE_THREAD_PER_GANG".to_string(),
        Builtin::Fork(l) => format!("GOACC_FORK.{l}"),
        Builtin::Join(l) => format!("GOACC_JOIN.{l}"),
        Builtin::Reduction { stage, level, op, ty, loop_id, red_id } => format!(
            "GOACC_REDUCTION_{}.{}.{:?}.{} lid {} rid {}",
            format!("{stage:?}").to_uppercase(),
            level.name(),
            op,
            ty_name(*ty),
            loop_id.0,
            red_id
        ),
        Builtin::Lock => "GOACC_LOCK".into(),
        Builtin::Unlock => "GOACC_UNLOCK".into(),
        Builtin::SimtLane => "GOMP_SIMT_LANE".into(),
        Builtin::SimtVf => "GOMP_SIMT_VF".into(),
        Builtin::SimtVoteAny => "GOMP_SIMT_VOTE_ANY".into(),
        Builtin::SimtLastLane => "GOMP_SIMT_LAST_LANE".into(),
        Builtin::SimtXchgIdx => "GOMP_SIMT_XCHG_IDX".into(),
        Builtin::SimtXchgBfly => "GOMP_SIMT_XCHG_BFLY".into(),
        Builtin::SimtOrderedPred => "GOMP_SIMT_ORDERED_PRED".into(),
    }
}

fn prim(p: &Prim) -> String {
    match p {
        Prim::ThreadIdx(l) => format!("thread_idx.{}", l.name()),
        Prim::NumThreads(l) => format!("num_threads.{}", l.name()),
        Prim::Shuffle(m) => format!("shuffle.{}", format!("{m:?}").to_lowercase()),
        Prim::VoteAny => "vote.any".into(),
        Prim::VoteAll => "vote.all".into(),
        Prim::LastLane => "last_lane".into(),
        Prim::Barrier => "barrier".into(),
        Prim::SharedBase => "shared_base".into(),
        Prim::Fence => "fence".into(),
        Prim::Trap => "trap".into(),
    }
}
