// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Dev Farcaster id registry: fid → custody address, for Latchkey's local dev chains. Not for real value.
/// @notice The read side has the shape of Farcaster's IdRegistry (`custodyOf(fid)`, `idOf(custody)`), which is
///         what a Sign In With Farcaster verifier reads. A custody address registers a fid for itself with
///         `register(fid)`; the constructor seeds the development fids in one transaction.
contract DevFidRegistry {
    /// @notice The custody address of a fid (the zero address: not registered).
    mapping(uint256 => address) public custodyOf;
    /// @notice The fid of a custody address (0: none).
    mapping(address => uint256) public idOf;

    event Register(address indexed to, uint256 indexed id);

    error InvalidFid();
    error FidTaken(uint256 fid);
    error HasId(address custody);
    error LengthMismatch();

    constructor(uint256[] memory fids, address[] memory custody) {
        if (fids.length != custody.length) revert LengthMismatch();
        for (uint256 i = 0; i < fids.length; i++) _register(fids[i], custody[i]);
    }

    /// @notice Registers `fid` with the caller as its custody address.
    function register(uint256 fid) external {
        _register(fid, msg.sender);
    }

    function _register(uint256 fid, address to) private {
        if (fid == 0 || to == address(0)) revert InvalidFid();
        if (custodyOf[fid] != address(0)) revert FidTaken(fid);
        if (idOf[to] != 0) revert HasId(to);
        custodyOf[fid] = to;
        idOf[to] = fid;
        emit Register(to, fid);
    }
}
