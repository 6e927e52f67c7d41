//! The OpenACC present table: mapped host address ranges, their device
//! copies and OpenACC 2.7+ structured and dynamic reference counts.
//!
//! * enter (`copy`, `copyin`, `copyout`, `create`, `present`, `no_create`;
//!   structured or dynamic): if the range lies inside a mapped block, bump
//!   the counter (no copy); else allocate and copy as the kind says
//!   (`present` of absent data is an error, `no_create` does nothing).
//! * exit (also `delete`; `finalize` zeroes the dynamic count): decrement;
//!   when both counts are zero, copy back for `copy`/`copyout` and free.
//! * update: a sub-range of a mapped block is copied in one direction.
//! * translate (kernel arguments): a range inside or overlapping a block
//!   maps to `block.dev + (host - block.host)`, which may point before the
//!   block (an array section mapped, the whole array's base passed).
//!
//! * attach / detach: a pointer field of mapped data (a structure's allocatable or
//!   pointer component) whose target is present gets, in the device copy, the target's
//!   device address; an attachment count per field, and on detach (or when the block is
//!   copied back or updated) the host's pointer value again.
//!
//! The table is independent of the device: memory operations go through
//! [`Device`], and copies and frees through [`crate::queue`], which queues them
//! while an `async` construct is carried out (the table itself changes at once).

use crate::device::Device;
use std::collections::BTreeMap;

/// Data clause kinds as codegen passes them.
pub mod kind {
    pub const COPY: i32 = 1;
    pub const COPYIN: i32 = 2;
    pub const COPYOUT: i32 = 3;
    pub const CREATE: i32 = 4;
    pub const PRESENT: i32 = 5;
    pub const NO_CREATE: i32 = 6;
    pub const DELETE: i32 = 7;
    /// OpenMP `declare target`: present for the rest of the program once made present.
    pub const DECLARE_TARGET: i32 = 8;
    /// `attach` (on entry) / `detach` (on exit): the address is a pointer field (an
    /// address, or the data pointer at the start of a gfortran descriptor) inside mapped
    /// data, the size its target's.
    pub const ATTACH: i32 = 9;
}

/// The reference count of a `declare target` variable's device copy: never reaches zero.
const INFINITE: u32 = u32::MAX;

/// One mapped block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    pub host: usize,
    pub bytes: usize,
    pub dev: u64,
    pub structured: u32,
    pub dynamic: u32,
}

impl Block {
    fn end(&self) -> usize {
        self.host + self.bytes
    }
}

/// Puts back host pointer values saved by `PresentTable::attached_values`.
fn restore(saved: &[(usize, usize)]) {
    for (f, v) in saved {
        // SAFETY: an attached field is a pointer-sized field of live host data.
        unsafe { (*f as *mut usize).write_unaligned(*v) };
    }
}

/// Host address range → device block.
#[derive(Default, Debug)]
pub struct PresentTable {
    blocks: BTreeMap<usize, Block>,
    /// Host address of an attached pointer field → its attachment count and the size of
    /// its target (of which a section may be mapped).
    attached: BTreeMap<usize, (u32, usize)>,
    /// Host addresses of the blocks `acc_map_data` made (device memory of the program).
    user: std::collections::BTreeSet<usize>,
}

fn describe(host: usize, bytes: usize) -> String {
    format!("data at {host:#x} ({bytes} bytes)")
}

impl PresentTable {
    /// The block that contains `[host, host+bytes)` (for `bytes == 0`, the
    /// block containing `host`).
    pub fn find(&self, host: usize, bytes: usize) -> Option<&Block> {
        let (_, b) = self.blocks.range(..=host).next_back()?;
        let end = host.checked_add(bytes)?;
        if end <= b.end() && (host < b.end() || (bytes == 0 && host == b.host)) {
            Some(b)
        } else {
            None
        }
    }

    fn find_key(&self, host: usize, bytes: usize) -> Option<usize> {
        self.find(host, bytes).map(|b| b.host)
    }

    /// The lowest block overlapping `[host, host+max(bytes,1))`.
    pub fn overlapping(&self, host: usize, bytes: usize) -> Option<&Block> {
        let end = host.saturating_add(bytes.max(1));
        // blocks starting before `host` can overlap only if they are the
        // last one before it
        if let Some((_, b)) = self.blocks.range(..host).next_back() {
            if b.end() > host {
                return Some(b);
            }
        }
        self.blocks.range(host..end).next().map(|(_, b)| b)
    }

    /// Number of mapped blocks.
    pub fn len(&self) -> usize {
        self.blocks.len()
    }

    /// True if nothing is mapped.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Data entry for one clause. Errors are messages for `gpuf: `.
    pub fn enter(&mut self, dev: &dyn Device, host: usize, bytes: usize, kind: i32, dynamic: bool) -> Result<(), String> {
        if host == 0 {
            return Ok(());
        }
        if kind == kind::ATTACH {
            self.attach(dev, host, bytes);
            return Ok(());
        }
        if let Some(k) = self.find_key(host, bytes) {
            let b = self.blocks.get_mut(&k).expect("block");
            if kind == kind::DECLARE_TARGET || b.dynamic == INFINITE {
                return Ok(());
            }
            if dynamic {
                b.dynamic += 1;
            } else {
                b.structured += 1;
            }
            return Ok(());
        }
        if let Some(b) = self.overlapping(host, bytes) {
            return Err(format!("{} is only partly present on the device (mapped: {})", describe(host, bytes), describe(b.host, b.bytes)));
        }
        match kind {
            kind::PRESENT => return Err(format!("present clause: {} is not present on the device", describe(host, bytes))),
            kind::NO_CREATE => return Ok(()),
            kind::COPY | kind::COPYIN | kind::COPYOUT | kind::CREATE | kind::DECLARE_TARGET => {}
            k => return Err(format!("unknown data clause kind {k} on entry")),
        }
        let filled = kind == kind::COPY || kind == kind::COPYIN || kind == kind::DECLARE_TARGET;
        let d = if filled && bytes > 0 { dev.alloc_uninit(bytes) } else { dev.alloc(bytes.max(1)) };
        if filled {
            // The compiler passes a valid host range (queued when the construct is async).
            crate::queue::h2d(dev, d, host, bytes);
        }
        let (structured, dynamic) = match (kind, dynamic) {
            (kind::DECLARE_TARGET, _) => (0, INFINITE),
            (_, true) => (0, 1),
            (_, false) => (1, 0),
        };
        self.blocks.insert(host, Block { host, bytes, dev: d, structured, dynamic });
        Ok(())
    }

    /// Data exit for one clause.
    pub fn exit(&mut self, dev: &dyn Device, host: usize, bytes: usize, kind: i32, dynamic: bool, finalize: bool) -> Result<(), String> {
        if host == 0 {
            return Ok(());
        }
        if kind == kind::ATTACH {
            self.detach(dev, host, finalize);
            return Ok(());
        }
        if !(kind::COPY..=kind::DECLARE_TARGET).contains(&kind) {
            return Err(format!("unknown data clause kind {kind} on exit"));
        }
        let Some(k) = self.find_key(host, bytes) else {
            // not present: nothing to do (OpenACC 2.7 exit data semantics)
            return Ok(());
        };
        let b = self.blocks.get_mut(&k).expect("block");
        if b.dynamic == INFINITE {
            // A `declare target` variable's device copy stays.
            return Ok(());
        }
        if dynamic {
            if finalize {
                b.dynamic = 0;
            } else {
                b.dynamic = b.dynamic.saturating_sub(1);
            }
        } else {
            b.structured = b.structured.saturating_sub(1);
        }
        if b.structured == 0 && b.dynamic == 0 {
            let b = self.blocks.remove(&k).expect("block");
            if kind == kind::COPY || kind == kind::COPYOUT {
                let off = (host - b.host) as u64;
                let saved = self.attached_values(host, bytes);
                // The range lies inside the block and the host range; the attached fields
                // get their host values back once the copy is done.
                crate::queue::d2h(dev, host, b.dev + off, bytes);
                crate::queue::run(dev, move |_| restore(&saved));
            }
            let inside: Vec<usize> = self.attached.range(b.host..b.end()).map(|(k, _)| *k).collect();
            for k in inside {
                self.attached.remove(&k);
            }
            crate::queue::free(dev, b.dev);
        }
        Ok(())
    }

    /// `update device` (`to_device`) / `update self`.
    pub fn update(&self, dev: &dyn Device, host: usize, bytes: usize, to_device: bool, if_present: bool) -> Result<(), String> {
        if host == 0 || bytes == 0 {
            return Ok(());
        }
        let Some(b) = self.find(host, bytes) else {
            if if_present {
                return Ok(());
            }
            return Err(format!("update: {} is not present on the device", describe(host, bytes)));
        };
        let d = b.dev + (host - b.host) as u64;
        // Attached pointer fields keep their device address on the device and their host
        // value on the host.
        let saved = self.attached_values(host, bytes);
        // The range lies inside the block and the host range.
        if to_device {
            crate::queue::h2d(dev, d, host, bytes);
            for (field, _) in saved {
                let tbytes = self.attached.get(&field).map_or(1, |a| a.1);
                self.write_device_pointer(dev, field, tbytes);
            }
        } else {
            crate::queue::d2h(dev, host, d, bytes);
            crate::queue::run(dev, move |_| restore(&saved));
        }
        Ok(())
    }

    /// The host values of the attached pointer fields in `[host, host+bytes)`.
    fn attached_values(&self, host: usize, bytes: usize) -> Vec<(usize, usize)> {
        self.attached
            .range(host..host.saturating_add(bytes))
            // SAFETY: an attached field is a pointer-sized field of live host data.
            .map(|(f, _)| (*f, unsafe { (*f as *const usize).read_unaligned() }))
            .collect()
    }

    /// The attach action on the pointer field at host address `field` whose target has
    /// `tbytes` bytes: when the field is present, its device copy gets the device address
    /// of the target (when the target, or a section of it, is present; otherwise the
    /// device copy keeps the host value). Not present: nothing.
    pub fn attach(&mut self, dev: &dyn Device, field: usize, tbytes: usize) {
        if self.find(field, 8).is_none() {
            return;
        }
        let n = self.attached.entry(field).or_insert((0, tbytes));
        n.0 += 1;
        if n.0 == 1 {
            self.write_device_pointer(dev, field, tbytes);
        }
    }

    /// Writes the device copy of the pointer field at `field`: the device address of its
    /// target if that is present, else the host value.
    fn write_device_pointer(&self, dev: &dyn Device, field: usize, tbytes: usize) {
        let Some(b) = self.find(field, 8) else { return };
        let dfield = b.dev + (field - b.host) as u64;
        // SAFETY: the field is a pointer-sized field of live host data.
        let p = unsafe { (field as *const usize).read_unaligned() };
        let target = if p == 0 { 0 } else { self.translate(p, tbytes.max(1)).unwrap_or(p as u64) };
        let bytes = target.to_ne_bytes();
        // After the copies queued before it (an `async` construct's), so that they do not
        // overwrite the device address with the host's.
        // SAFETY: the device field lies inside the block.
        crate::queue::run(dev, move |dev| unsafe { dev.h2d(dfield, bytes.as_ptr(), 8) });
    }

    /// The detach action: the attachment count drops (to zero with `finalize`); at zero
    /// the device copy of the field gets the host's pointer value back.
    pub fn detach(&mut self, dev: &dyn Device, field: usize, finalize: bool) {
        let Some(n) = self.attached.get_mut(&field) else { return };
        n.0 = if finalize { 0 } else { n.0.saturating_sub(1) };
        if n.0 > 0 {
            return;
        }
        self.attached.remove(&field);
        let Some(b) = self.find(field, 8) else { return };
        let dfield = b.dev + (field - b.host) as u64;
        // SAFETY: the field is a pointer-sized field of live host data.
        let bytes = unsafe { (field as *const usize).read_unaligned() }.to_ne_bytes();
        // SAFETY: the device field lies inside the block (queued as in `write_device_pointer`).
        crate::queue::run(dev, move |dev| unsafe { dev.h2d(dfield, bytes.as_ptr(), 8) });
    }

    /// The attachment count of the pointer field at `field` (`acc_is_attached`-like;
    /// tests).
    pub fn attach_count(&self, field: usize) -> u32 {
        self.attached.get(&field).map_or(0, |a| a.0)
    }

    /// Device address for a kernel argument covering `[host, host+bytes)`.
    pub fn translate(&self, host: usize, bytes: usize) -> Option<u64> {
        let b = self.find(host, bytes).or_else(|| self.overlapping(host, bytes))?;
        Some(b.dev.wrapping_add((host as u64).wrapping_sub(b.host as u64)))
    }

    /// Frees every block (program end) but those of `acc_map_data`, whose device memory
    /// is the program's.
    pub fn clear(&mut self, dev: &dyn Device) {
        self.attached.clear();
        let user = std::mem::take(&mut self.user);
        for (h, b) in std::mem::take(&mut self.blocks) {
            if !user.contains(&h) {
                dev.free(b.dev);
            }
        }
    }

    /// `acc_map_data`: `[host, host+bytes)` becomes present with the device memory at
    /// `d` (the program's: never freed by the table), a dynamic reference count that
    /// no exit action lowers (as a `declare target` block's) and no copy.
    pub fn map_user(&mut self, host: usize, bytes: usize, d: u64) -> Result<(), String> {
        if host == 0 || d == 0 {
            return Err("acc_map_data: a null address".into());
        }
        if let Some(b) = self.overlapping(host, bytes) {
            return Err(format!(
                "acc_map_data: {} is already present on the device (mapped: {})",
                describe(host, bytes),
                describe(b.host, b.bytes)
            ));
        }
        self.blocks.insert(host, Block { host, bytes, dev: d, structured: 0, dynamic: INFINITE });
        self.user.insert(host);
        Ok(())
    }

    /// `acc_unmap_data`: removes the mapping `acc_map_data` made at `host` without
    /// freeing or copying anything.
    pub fn unmap_user(&mut self, host: usize) -> Result<(), String> {
        if !self.user.remove(&host) {
            return Err(format!("acc_unmap_data: the data at {host:#x} was not mapped by acc_map_data"));
        }
        if let Some(b) = self.blocks.remove(&host) {
            let inside: Vec<usize> = self.attached.range(b.host..b.end()).map(|(k, _)| *k).collect();
            for k in inside {
                self.attached.remove(&k);
            }
        }
        Ok(())
    }

    /// The host address whose device copy is at device address `d` (`acc_hostptr`).
    pub fn host_of(&self, d: u64) -> Option<usize> {
        self.blocks.values().find(|b| d >= b.dev && d < b.dev + (b.bytes.max(1) as u64)).map(|b| b.host + (d - b.dev) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::kind::*;
    use super::*;
    use crate::sim::SimDevice;

    fn bytes_of(v: &[f64]) -> usize {
        std::mem::size_of_val(v)
    }

    #[test]
    fn copy_counts_and_copy_back() {
        let dev = SimDevice::new(32);
        let mut t = PresentTable::default();
        let mut a = vec![1.0f64; 8];
        let h = a.as_mut_ptr() as usize;
        let n = bytes_of(&a);
        t.enter(&dev, h, n, COPY, false).unwrap();
        let d = t.translate(h, n).unwrap();
        assert_ne!(d, h as u64, "sim memory is separate");
        // the device copy was initialised; change it on the device
        unsafe {
            let p = d as *mut f64;
            assert_eq!(*p.add(3), 1.0);
            *p.add(3) = 42.0;
        }
        // nested structured copy: count 2, no copy back at inner exit
        t.enter(&dev, h, n, COPY, false).unwrap();
        assert_eq!(t.find(h, n).unwrap().structured, 2);
        t.exit(&dev, h, n, COPY, false, false).unwrap();
        assert_eq!(a[3], 1.0);
        assert_eq!(t.len(), 1);
        t.exit(&dev, h, n, COPY, false, false).unwrap();
        assert_eq!(a[3], 42.0);
        assert!(t.is_empty());
    }

    #[test]
    fn dynamic_and_structured_counts() {
        let dev = SimDevice::new(32);
        let mut t = PresentTable::default();
        let mut a = vec![0.0f64; 4];
        let h = a.as_mut_ptr() as usize;
        let n = bytes_of(&a);
        // enter data copyin(a); enter data copyin(a)
        t.enter(&dev, h, n, COPYIN, true).unwrap();
        t.enter(&dev, h, n, COPYIN, true).unwrap();
        // structured present(a) inside
        t.enter(&dev, h, n, PRESENT, false).unwrap();
        let b = t.find(h, n).unwrap().clone();
        assert_eq!((b.structured, b.dynamic), (1, 2));
        unsafe { *(b.dev as *mut f64) = 5.0 };
        t.exit(&dev, h, n, PRESENT, false, false).unwrap();
        // exit data copyout(a): dynamic 2 -> 1, no copy
        t.exit(&dev, h, n, COPYOUT, true, false).unwrap();
        assert_eq!(a[0], 0.0);
        assert_eq!(t.find(h, n).unwrap().dynamic, 1);
        // exit data copyout(a) finalize after another enter: zeroes, copies
        t.enter(&dev, h, n, CREATE, true).unwrap();
        t.exit(&dev, h, n, COPYOUT, true, true).unwrap();
        assert_eq!(a[0], 5.0);
        assert!(t.is_empty());
        // exit of absent data is a no-op
        t.exit(&dev, h, n, DELETE, true, false).unwrap();
    }

    #[test]
    fn delete_does_not_copy_and_create_does_not_copy_in() {
        let dev = SimDevice::new(32);
        let mut t = PresentTable::default();
        let mut a = vec![7.0f64; 4];
        let h = a.as_mut_ptr() as usize;
        let n = bytes_of(&a);
        t.enter(&dev, h, n, CREATE, true).unwrap();
        let d = t.translate(h, n).unwrap();
        assert_eq!(unsafe { *(d as *const f64) }, 0.0, "create does not copy in");
        unsafe { *(d as *mut f64) = 9.0 };
        t.exit(&dev, h, n, DELETE, true, false).unwrap();
        assert_eq!(a[0], 7.0);
        assert!(t.is_empty());
    }

    #[test]
    fn present_and_no_create() {
        let dev = SimDevice::new(32);
        let mut t = PresentTable::default();
        let a = [0u8; 16];
        let h = a.as_ptr() as usize;
        let e = t.enter(&dev, h, 16, PRESENT, false).unwrap_err();
        assert_eq!(e, format!("present clause: data at {h:#x} (16 bytes) is not present on the device"));
        t.enter(&dev, h, 16, NO_CREATE, false).unwrap();
        assert!(t.is_empty());
        t.exit(&dev, h, 16, NO_CREATE, false, false).unwrap();
    }

    #[test]
    fn sections_sub_ranges_and_updates() {
        let dev = SimDevice::new(32);
        let mut t = PresentTable::default();
        let mut a: Vec<f64> = (1..=10).map(|i| i as f64).collect();
        let base = a.as_mut_ptr() as usize;
        let n = bytes_of(&a);
        // copyin(a(3:5)): 3 elements starting at index 2
        let sec = base + 2 * 8;
        t.enter(&dev, sec, 24, COPYIN, false).unwrap();
        // a kernel using all of `a` gets a base pointer before the block
        let d_base = t.translate(base, n).unwrap();
        let blk = t.find(sec, 24).unwrap().clone();
        assert_eq!(d_base, blk.dev - 16);
        assert_eq!(unsafe { *((d_base as *const f64).add(3)) }, 4.0);
        // sub-range lookups: a(4:5) is present, a(4:6) is not
        assert!(t.find(sec + 8, 16).is_some());
        assert!(t.find(sec + 8, 24).is_none());
        // present(a(4:4)) inside the mapped section bumps the count
        t.enter(&dev, sec + 8, 8, PRESENT, false).unwrap();
        assert_eq!(t.find(sec, 24).unwrap().structured, 2);
        t.exit(&dev, sec + 8, 8, PRESENT, false, false).unwrap();
        // enter of a range overlapping the block partially is an error
        assert!(t.enter(&dev, base, n, COPYIN, false).is_err());
        // update self(a(4:4)) after a device-side change
        unsafe { *((blk.dev as *mut f64).add(1)) = 40.0 };
        a[2] = 30.0;
        t.update(&dev, sec + 8, 8, false, false).unwrap();
        assert_eq!(a[3], 40.0);
        assert_eq!(a[2], 30.0, "only the updated sub-range is copied");
        // update device(a(3:3))
        t.update(&dev, sec, 8, true, false).unwrap();
        assert_eq!(unsafe { *(blk.dev as *const f64) }, 30.0);
        // update of data that is not present
        let e = t.update(&dev, base, 8, true, false).unwrap_err();
        assert!(e.starts_with("update: data at"), "{e}");
        t.update(&dev, base, 8, true, true).unwrap();
        // structured exit copyin: freed, no copy back
        t.exit(&dev, sec, 24, COPYIN, false, false).unwrap();
        assert!(t.is_empty());
        assert_eq!(a[3], 40.0);
    }

    #[test]
    fn attach_and_detach_a_member() {
        let dev = SimDevice::new(32);
        let mut t = PresentTable::default();
        // a structure { data pointer, n } and its target
        let mut v = vec![1.0f64, 2.0, 3.0];
        let mut s: [usize; 2] = [v.as_mut_ptr() as usize, 3];
        let sh = s.as_mut_ptr() as usize;
        let vh = v.as_mut_ptr() as usize;
        // attach before the structure is present: nothing
        t.attach(&dev, sh, 24);
        assert_eq!(t.attach_count(sh), 0);
        t.enter(&dev, sh, 16, COPYIN, true).unwrap();
        t.enter(&dev, vh, 24, COPYIN, true).unwrap();
        t.enter(&dev, sh, 24, ATTACH, true).unwrap();
        assert_eq!(t.attach_count(sh), 1);
        let sd = t.translate(sh, 16).unwrap();
        let vd = t.translate(vh, 24).unwrap();
        assert_eq!(unsafe { *(sd as *const u64) }, vd, "the device copy points to the device data");
        // update self(s) keeps the host pointer
        t.update(&dev, sh, 16, false, false).unwrap();
        assert_eq!(s[0], vh);
        // update device(s) keeps the device pointer
        t.update(&dev, sh, 16, true, false).unwrap();
        assert_eq!(unsafe { *(sd as *const u64) }, vd);
        // a second attach counts; one detach leaves it attached
        t.attach(&dev, sh, 24);
        t.exit(&dev, sh, 8, ATTACH, true, false).unwrap();
        assert_eq!(unsafe { *(sd as *const u64) }, vd);
        t.exit(&dev, sh, 8, ATTACH, true, false).unwrap();
        assert_eq!(unsafe { *(sd as *const u64) }, vh as u64, "detached: the host value");
        // copyout of a structure with an attached field keeps the host pointer
        t.attach(&dev, sh, 24);
        s[1] = 0;
        unsafe { *((sd as *mut u64).add(1)) = 7 };
        t.exit(&dev, sh, 16, COPYOUT, true, false).unwrap();
        assert_eq!(s, [vh, 7]);
        assert_eq!(t.attach_count(sh), 0);
        t.exit(&dev, vh, 24, DELETE, true, false).unwrap();
        assert!(t.is_empty());
        // a section of the target mapped: the device pointer is extrapolated from it
        t.enter(&dev, sh, 16, COPYIN, true).unwrap();
        t.enter(&dev, vh + 8, 16, COPYIN, true).unwrap();
        t.attach(&dev, sh, 24);
        let sd = t.translate(sh, 16).unwrap();
        let vd = t.translate(vh + 8, 16).unwrap();
        assert_eq!(unsafe { *(sd as *const u64) }, vd - 8);
    }
}
