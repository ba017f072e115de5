//! Perft for the peer crates, shared by the criterion bench and `examples/peers.rs`.

/// haitaka's perft, bulk-counting the last ply as its own example does.
pub fn haitaka_perft(board: &haitaka::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    let mut visit = |moves: haitaka::PieceMoves| {
        if depth == 1 {
            nodes += moves.into_iter().len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += haitaka_perft(&child, depth - 1);
            }
        }
        false
    };
    board.generate_board_moves(&mut visit);
    board.generate_drops(&mut visit);
    nodes
}
