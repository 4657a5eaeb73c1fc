/** One unit of work in flight. Releasing it again, from another path of the ending, does nothing. */
export interface WorkLease {
  release(): void;
}

/**
 * How much work of one kind is in flight. The count moves only through leases, each released at
 * most once, so a unit of work that ends along two paths at once (a client abort racing the
 * normal end) cannot be subtracted twice, and callers hold the lease where the work ends.
 */
export class WorkGauge {
  private held = 0;

  get count(): number {
    return this.held;
  }

  acquire(): WorkLease {
    this.held += 1;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.held -= 1;
      },
    };
  }
}
