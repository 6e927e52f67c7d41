! An intent(in) pointer dummy keeps its association (its target's value may change).
module intent_in_pointers
contains
  subroutine s(p, q)
    integer, pointer, intent(in) :: p
    integer, pointer, intent(in) :: q(:)
    integer, target, save :: t
    p = 3
    q(1) = 4
    p => t
    nullify(q)
    allocate(p)
    deallocate(q)
  end subroutine
end module intent_in_pointers
