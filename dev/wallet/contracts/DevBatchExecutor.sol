// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title The dev wallet's batch executor (dev only)
/// @notice An EOA delegates to it through EIP-7702 and calls itself with `execute(calls)`: every call runs from the
/// account, in order, all or nothing (the first call that reverts reverts the whole transaction). `receive` keeps plain
/// transfers to the account working; `isValidSignature` (ERC-1271) accepts what the account's own key signed.
contract DevBatchExecutor {
    struct Call {
        address to;
        uint256 value;
        bytes data;
    }

    /// @notice `execute` was called by another address than the account itself.
    error Unauthorized();
    /// @notice Call `index` reverted with `reason`; nothing of the batch took effect.
    error CallReverted(uint256 index, bytes reason);

    function execute(Call[] calldata calls) external payable {
        if (msg.sender != address(this)) revert Unauthorized();
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory reason) = calls[i].to.call{value: calls[i].value}(calls[i].data);
            if (!ok) revert CallReverted(i, reason);
        }
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length == 65) {
            bytes32 r = bytes32(signature[0:32]);
            bytes32 s = bytes32(signature[32:64]);
            uint8 v = uint8(signature[64]);
            if (ecrecover(hash, v, r, s) == address(this)) return 0x1626ba7e;
        }
        return 0xffffffff;
    }

    receive() external payable {}
}
