! Graph algorithms on an adjacency structure in CSR form (integer index arrays): breadth-
! first search distances with an array queue, connected components, depth-first order
! with an explicit stack, and Dijkstra's shortest paths with integer weights.
program graph_search
  implicit none
  integer, parameter :: nv = 9, ne = 11
  integer :: eu(ne) = [1, 1, 2, 3, 4, 5, 2, 7, 8, 6, 3]
  integer :: ev(ne) = [2, 3, 4, 4, 5, 6, 5, 8, 9, 4, 6]
  integer :: ew(ne) = [4, 1, 5, 2, 3, 1, 8, 2, 2, 7, 9]
  integer :: ptr(nv+1), adj(2*ne), wadj(2*ne), fill(nv), dist(nv), comp(nv)
  integer :: queue(nv), stack(2*ne), order(nv), i, k, u, v, qh, qt, sp, nc, no
  logical :: seen(nv), done(nv)
  ptr = 0
  do k = 1, ne
    ptr(eu(k)+1) = ptr(eu(k)+1) + 1
    ptr(ev(k)+1) = ptr(ev(k)+1) + 1
  end do
  ptr(1) = 1
  do i = 2, nv + 1
    ptr(i) = ptr(i) + ptr(i-1)
  end do
  fill = ptr(1:nv)
  do k = 1, ne
    adj(fill(eu(k))) = ev(k); wadj(fill(eu(k))) = ew(k); fill(eu(k)) = fill(eu(k)) + 1
    adj(fill(ev(k))) = eu(k); wadj(fill(ev(k))) = ew(k); fill(ev(k)) = fill(ev(k)) + 1
  end do
  print '(A,9I3)', 'degrees:', ptr(2:nv+1) - ptr(1:nv)
  ! BFS from 1
  dist = -1
  dist(1) = 0
  queue(1) = 1; qh = 1; qt = 1
  do while (qh <= qt)
    u = queue(qh); qh = qh + 1
    do k = ptr(u), ptr(u+1) - 1
      v = adj(k)
      if (dist(v) < 0) then
        dist(v) = dist(u) + 1
        qt = qt + 1; queue(qt) = v
      end if
    end do
  end do
  print '(A,9I3)', 'bfs hops:', dist
  ! components
  comp = 0; nc = 0
  do i = 1, nv
    if (comp(i) /= 0) cycle
    nc = nc + 1
    sp = 1; stack(1) = i; comp(i) = nc
    do while (sp > 0)
      u = stack(sp); sp = sp - 1
      do k = ptr(u), ptr(u+1) - 1
        if (comp(adj(k)) == 0) then
          comp(adj(k)) = nc
          sp = sp + 1; stack(sp) = adj(k)
        end if
      end do
    end do
  end do
  print '(A,I2,A,9I2)', 'components:', nc, ' labels:', comp
  ! DFS preorder from 1 (smallest neighbour first: push in reverse)
  seen = .false.; no = 0
  sp = 1; stack(1) = 1
  do while (sp > 0)
    u = stack(sp); sp = sp - 1
    if (seen(u)) cycle
    seen(u) = .true.; no = no + 1; order(no) = u
    do k = ptr(u+1) - 1, ptr(u), -1
      if (.not. seen(adj(k))) then
        sp = sp + 1; stack(sp) = adj(k)
      end if
    end do
  end do
  print '(A,9I3)', 'dfs order:', order(1:no)
  ! Dijkstra with O(n^2) selection
  dist = huge(1) / 2
  dist(1) = 0
  done = .false.
  do i = 1, nv
    u = minloc(dist, dim=1, mask=.not. done)
    if (dist(u) >= huge(1) / 2) exit
    done(u) = .true.
    do k = ptr(u), ptr(u+1) - 1
      dist(adj(k)) = min(dist(adj(k)), dist(u) + wadj(k))
    end do
  end do
  print '(A,9I3)', 'shortest:', merge(dist, -1, done)
end program graph_search
