! Compiled by gfortran and by gpuf: a module's `class(*)` allocatable array (gfortran's
! container `__anyarr_mod_MOD_stash`) kept from `class(*)` array dummies, and a `select
! type` description of such dummies (written into a string: only the main program
! prints, as each compiler's run time buffers its own output).
module anyarr_mod
  implicit none
  class(*), allocatable :: stash(:)
contains
  subroutine put(v)
    class(*), intent(in) :: v(:)
    if (allocated(stash)) deallocate(stash)
    allocate(stash, source=v)
  end subroutine
  subroutine describe(v, text)
    class(*), intent(in) :: v(:)
    character(*), intent(out) :: text
    select type (v)
    type is (integer)
      write (text, '(a, 10i4)') 'integers', v
    type is (real(8))
      write (text, '(a, 10f8.3)') 'reals', v
    type is (character(*))
      write (text, '(a, i2, 1x, 10a)') 'strings', len(v), v
    class default
      text = 'other'
    end select
  end subroutine
end module
