//! `tile(s1, ..., sk)` on a partitioned loop (OpenACC 3.3, 2.9.8): the `k` tightly nested
//! loops become `k` tile loops over the tiles (the first size is the innermost loop's)
//! and, inside them, `k` element loops over the iterations of one tile, each group
//! collapsed. The tile loops take the `gang` level (and `worker` when `vector` is there
//! too), the element loops `vector` (or `worker` without `vector`); a level list with only
//! one of them leaves the other group sequential. An element whose iteration lies beyond
//! a loop's end (the last tiles of a loop whose trip count the size does not divide) is
//! skipped. `tile(*)` is 32 iterations for the innermost loop and 8 for the others.
//! Reductions of the loop are reduced over the tile loops and, through locals of their
//! own, over the element loops.

use super::*;

/// The size `tile(*)` stands for: 32 for the innermost loop, 8 for the others.
fn default_size(innermost: bool) -> i64 {
    if innermost {
        32
    } else {
        8
    }
}

/// One loop of a tiled nest.
struct Tiled<'s> {
    name: Option<String>,
    var: &'s ast::Ident,
    start: &'s Expr,
    end: &'s Expr,
    step: Option<&'s Expr>,
}

impl G<'_> {
    /// The tiled nest at `do_stmt` (in place of [`G::do_loop`] for a loop directive with
    /// `tile`): `part` is the loop's partitioning (its levels, reductions, privates), `reds`
    /// the names of its reduction variables with their locals, `text` the clause's text.
    pub(super) fn tiled_nest(
        &mut self,
        do_stmt: &ast::Stmt,
        sizes: &[Option<Expr>],
        part: PartLoop,
        reds: &[(String, VarId, BaseTy)],
        text: &str,
    ) {
        let k = sizes.len();
        let mut nest: Vec<Tiled> = Vec::new();
        let mut cur = do_stmt;
        let mut body: &[ast::Stmt] = &[];
        while let StmtKind::Do { name, var, start, end, step, body: b } = &cur.kind {
            nest.push(Tiled { name: name.as_ref().map(|n| n.name.clone()), var, start, end, step: step.as_ref() });
            body = b;
            if nest.len() == k {
                break;
            }
            match b.as_slice() {
                [inner] => cur = inner,
                _ => break,
            }
        }
        if nest.len() < k {
            // Reported by semantic analysis.
            return;
        }
        // The bounds of every loop are evaluated before the nest: an inner loop's must not
        // depend on the variables of the loops around it.
        for (d, l) in nest.iter().enumerate().skip(1) {
            for o in nest.iter().take(d) {
                let n = &o.var.name;
                if assign::mentions(l.start, n) || assign::mentions(l.end, n) || l.step.is_some_and(|e| assign::mentions(e, n)) {
                    self.not_yet(
                        format!("`tile` of loops whose bounds depend on the variable `{n}` of an enclosing tiled loop"),
                        l.var.span,
                    );
                    return;
                }
            }
        }
        // Per loop: its variable's type and base, first value and step (I64), trip count,
        // tile size and tile count.
        let mut info = Vec::new();
        for (d, l) in nest.iter().enumerate() {
            let (vty, base) = match self.lookup(&l.var.name) {
                Some(Home::Reg(_, b)) | Some(Home::Mem(_, b)) => (ir_ty(b), b),
                _ => (Ty::I32, BaseTy::Integer(4)),
            };
            let lo = self.expr(l.start);
            let lo = self.conv(lo, vty);
            let lo = self.conv(lo, Ty::I64);
            let hi = self.expr(l.end);
            let hi = self.conv(hi, vty);
            let hi = self.conv(hi, Ty::I64);
            let st = match l.step {
                Some(e) => {
                    let v = self.expr(e);
                    let v = self.conv(v, vty);
                    self.conv(v, Ty::I64)
                }
                None => Op::I64(1),
            };
            // trip = max(0, (hi - lo + st) / st)
            let span = self.bin(Ty::I64, BinOp::Sub, hi, lo.clone());
            let span = self.bin(Ty::I64, BinOp::Add, span, st.clone());
            let trip = self.bin(Ty::I64, BinOp::Div, span, st.clone());
            let trip = self.val(Ty::I64, Rv::Binary(BinOp::Max, trip, Op::I64(0)));
            let innermost = d + 1 == k;
            let size = sizes
                .get(k - 1 - d)
                .and_then(|s| s.as_ref())
                .and_then(|e| self.const_int(e))
                .filter(|n| *n >= 1)
                .unwrap_or_else(|| default_size(innermost));
            // tiles - 1 = (trip + size - 1) / size - 1
            let t = self.bin(Ty::I64, BinOp::Add, trip.clone(), Op::I64(size - 1));
            let t = self.bin(Ty::I64, BinOp::Div, t, Op::I64(size));
            let last_tile = self.bin(Ty::I64, BinOp::Sub, t, Op::I64(1));
            info.push((vty, base, lo, st, trip, size, last_tile));
        }
        // The levels of the two groups of loops.
        let l = part.levels;
        let mut tile_levels = Levels::default();
        let mut elem_levels = Levels::default();
        if l.has(Level::Gang) {
            tile_levels = tile_levels.with(Level::Gang);
        }
        if l.has(Level::Vector) {
            elem_levels = elem_levels.with(Level::Vector);
        }
        if l.has(Level::Worker) {
            if l.has(Level::Vector) {
                tile_levels = tile_levels.with(Level::Worker);
            } else {
                elem_levels = elem_levels.with(Level::Worker);
            }
        }
        let sizes_text = info.iter().map(|i| i.5.to_string()).collect::<Vec<_>>().join(" x ");
        let name_of = |ls: Levels| {
            if ls.is_empty() {
                "sequential".to_string()
            } else {
                format!("on {}", ls.iter().map(|x| x.name()).collect::<Vec<_>>().join("+"))
            }
        };
        let note = format!(
            "{text} as tiles of {sizes_text} iterations (outer loop first): tiles {}, elements {}",
            name_of(tile_levels),
            name_of(elem_levels)
        );
        // Variables: tile and element counters, and the loops' own variables (private).
        let tvars: Vec<VarId> = nest.iter().map(|l| self.f.new_var(format!("{}.tile", l.var.name), Ty::I64)).collect();
        let evars: Vec<VarId> = nest.iter().map(|l| self.f.new_var(format!("{}.elem", l.var.name), Ty::I64)).collect();
        let mut scope = HashMap::new();
        let mut uvars = Vec::new();
        for (l, i) in nest.iter().zip(&info) {
            let v = self.f.new_var(l.var.name.clone(), i.0);
            scope.insert(l.var.name.clone(), Home::Reg(v, i.1));
            uvars.push(v);
        }
        // With both groups partitioned, the element loops reduce into locals of their own,
        // which start from the tile loops' locals.
        let both = !tile_levels.is_empty() && !elem_levels.is_empty();
        let mut elem_reds = Vec::new();
        let mut inits = Vec::new();
        if both {
            for r in &part.reductions {
                let Some((n, _, b)) = reds.iter().find(|(_, v, _)| *v == r.local) else { continue };
                let local = self.f.new_reduction_local(format!("{n}.red"), r.ty, r.op);
                inits.push(Stmt::Assign(local, Rv::Use(Op::Var(r.local))));
                elem_reds.push(Reduction { op: r.op, ty: r.ty, local, result: RedResult::Var(r.local) });
                scope.insert(n.clone(), Home::Reg(local, *b));
            }
        }
        self.overrides.push(scope);
        let tile_ids: Vec<LoopId> = nest.iter().map(|_| self.f.new_loop()).collect();
        let elem_ids: Vec<LoopId> = nest.iter().map(|_| self.f.new_loop()).collect();
        for (l, id) in nest.iter().zip(&elem_ids) {
            self.loops.push((l.name.clone(), *id));
            self.do_vars.push(l.var.name.clone());
        }
        // The innermost body: the iteration of every loop, and the body when all are in range.
        self.push_block();
        if let Some((_, vs)) = self.region.as_mut().and_then(|r| r.allocas.take()) {
            for (v, bytes, consts) in vs {
                self.emit(Stmt::Assign(v, Rv::Alloca(bytes)));
                for (c, x) in consts {
                    self.emit(Stmt::Assign(c, Rv::Use(Op::I64(x))));
                }
            }
        }
        let mut cond = Op::I32(1);
        let mut iters = Vec::new();
        for (d, i) in info.iter().enumerate() {
            let (Some(tv), Some(ev)) = (tvars.get(d), evars.get(d)) else { continue };
            let base = self.bin(Ty::I64, BinOp::Mul, Op::Var(*tv), Op::I64(i.5));
            let it = self.bin(Ty::I64, BinOp::Add, base, Op::Var(*ev));
            let c = self.bin(Ty::I64, BinOp::Lt, it.clone(), i.4.clone());
            cond = self.val(Ty::I32, Rv::Binary(BinOp::And, cond, c));
            iters.push(it);
        }
        self.push_block();
        for ((it, i), uv) in iters.into_iter().zip(&info).zip(&uvars) {
            let off = self.bin(Ty::I64, BinOp::Mul, it, i.3.clone());
            let x = self.bin(Ty::I64, BinOp::Add, i.2.clone(), off);
            let x = self.conv(x, i.0);
            self.emit(Stmt::Assign(*uv, Rv::Use(x)));
        }
        self.stmts(body);
        let then_body = self.pop_block();
        self.emit(Stmt::If { cond, then_body, else_body: vec![] });
        let mut inner = self.pop_block();
        for _ in 0..k {
            self.loops.pop();
            self.do_vars.pop();
        }
        self.overrides.pop();
        // The element loops, then the tile loops around them.
        let tile_part = (!tile_levels.is_empty()).then(|| PartLoop {
            levels: tile_levels,
            collapse: k as u32,
            threads: part.threads.clone().filter(|_| tile_levels.has(Level::Worker)),
            notes: vec![note.clone()].into(),
            ..part.clone()
        });
        let elem_part = (!elem_levels.is_empty()).then(|| PartLoop {
            levels: elem_levels,
            collapse: k as u32,
            reductions: if both { elem_reds } else { part.reductions.clone() },
            privates: part.privates.clone(),
            independent: true,
            chunk: None,
            gang_dim: None,
            threads: part.threads.clone().filter(|_| elem_levels.has(Level::Worker)),
            notes: if both { vec!["the elements of a tile".to_string()].into() } else { vec![note.clone()].into() },
            auto_proof: if both { None } else { part.auto_proof.clone() },
            simt: None,
            copied_out: if both { Box::default() } else { part.copied_out.clone() },
        });
        for d in (0..k).rev() {
            let (Some(ev), Some(id), Some(i)) = (evars.get(d), elem_ids.get(d), info.get(d)) else { continue };
            let p = if d == 0 { elem_part.clone() } else { None };
            inner = vec![Stmt::Loop { id: *id, var: *ev, lo: Op::I64(0), hi: Op::I64(i.5 - 1), step: Op::I64(1), body: inner, part: p }];
        }
        let mut tiles = inits;
        tiles.extend(inner);
        for d in (0..k).rev() {
            let (Some(tv), Some(id), Some(i)) = (tvars.get(d), tile_ids.get(d), info.get(d)) else { continue };
            let p = if d == 0 { tile_part.clone() } else { None };
            tiles = vec![Stmt::Loop { id: *id, var: *tv, lo: Op::I64(0), hi: i.6.clone(), step: Op::I64(1), body: tiles, part: p }];
        }
        for s in tiles {
            self.emit(s);
        }
    }
}
