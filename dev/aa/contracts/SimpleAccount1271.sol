// SPDX-License-Identifier: MIT
pragma solidity ^0.8.23;

import "@openzeppelin/contracts/interfaces/IERC1271.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";
import "@account-abstraction/contracts/samples/SimpleAccount.sol";

/**
 * The dev stack's smart account: eth-infinitism's SimpleAccount v0.7 (user operations signed by its owner EOA) plus
 * ERC-1271, so a message the account signs verifies on chain (deployed) and through ERC-6492 (not yet deployed).
 *
 * A signature of `hash` is the owner's EIP-191 signature of `replaySafeHash(hash)`: the hash bound to this account
 * and this chain, so the owner's own signature of a message is not the account's, and one owner's accounts (other
 * salts, other chains) cannot replay each other's signatures.
 */
contract SimpleAccount1271 is SimpleAccount, IERC1271 {
    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /** `hash` bound to this account and chain: keccak256(abi.encode(hash, address(this), block.chainid)). */
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        return keccak256(abi.encode(hash, address(this), block.chainid));
    }

    /** ERC-1271: the magic value 0x1626ba7e when the owner signed `replaySafeHash(hash)` (EIP-191), else 0xffffffff. */
    function isValidSignature(bytes32 hash, bytes memory signature) public view override returns (bytes4) {
        (address signer, ECDSA.RecoverError recoverError, ) = ECDSA.tryRecover(MessageHashUtils.toEthSignedMessageHash(replaySafeHash(hash)), signature);
        if (recoverError == ECDSA.RecoverError.NoError && signer == owner) return IERC1271.isValidSignature.selector;
        return 0xffffffff;
    }
}

/** SimpleAccountFactory for {SimpleAccount1271}: the same `createAccount(owner, salt)` and `getAddress(owner, salt)`. */
contract SimpleAccount1271Factory {
    SimpleAccount1271 public immutable accountImplementation;

    constructor(IEntryPoint _entryPoint) {
        accountImplementation = new SimpleAccount1271(_entryPoint);
    }

    /** Creates the account (an ERC1967 proxy at the CREATE2 address) or returns it when it exists. */
    function createAccount(address owner, uint256 salt) public returns (SimpleAccount1271 ret) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return SimpleAccount1271(payable(addr));
        ret = SimpleAccount1271(payable(new ERC1967Proxy{salt: bytes32(salt)}(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))));
    }

    /** The counterfactual address `createAccount(owner, salt)` deploys to. */
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(bytes32(salt), keccak256(abi.encodePacked(type(ERC1967Proxy).creationCode, abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner))))));
    }
}
